import Foundation
import TestSupport

/// A fresh empty folder for one test, and what is in it.
struct TestFolder {
    let path: String

    init() throws {
        path = try TestFolders.make("output")
    }

    /// `name` inside the folder.
    func callAsFunction(_ name: String) -> String {
        path + "/" + name
    }

    /// The names in `sub` (the folder itself by default), hidden ones
    /// included, sorted.
    func names(in sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : self(sub))) ?? []).sorted()
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: self(name)))
    }

    func contents(of name: String) -> Data? {
        FileManager.default.contents(atPath: self(name))
    }

    /// Writes an executable `ffmpeg` shell script into `bin/` and returns an
    /// environment whose `PATH` finds it.
    func fakeFFmpeg(_ script: String) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: self("bin"), withIntermediateDirectories: false)
        try write("#!/bin/sh\n" + script + "\n", to: "bin/ffmpeg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: self("bin/ffmpeg"))
        return ["PATH": self("bin")]
    }
}
