import Foundation
import Synchronization

/// The offline speech engine narration speaks with: espeak-ng, from
/// Debian's packages (`scripts/setup.sh` installs it), with an MBROLA
/// voice where one is installed for the language (their diphone databases
/// are outside Debian's main archive, so none is by default).
///
///     let engine = try SpeechEngine(environment: ProcessInfo.processInfo.environment)
///     let sound = try engine.say("42 is less than 50", voice: engine.voice(for: .english))
public struct SpeechEngine: Sendable {
    /// The espeak-ng program that runs.
    public let executable: String
    /// Words a minute: a little slower than espeak-ng's 175, for a room.
    public var wordsPerMinute = 160
    /// Where MBROLA's voices are installed.
    let mbrolaFolder: String
    /// Whether the `mbrola` program is on the path.
    let hasMBROLA: Bool

    /// The first `espeak-ng` on the `PATH` of `environment`.
    /// - Throws: ``SpeechError/engineMissing`` when there is none.
    public init(environment: [String: String], mbrolaFolder: String = "/usr/share/mbrola") throws(SpeechError) {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let found = folders.map({ "\($0)/espeak-ng" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw .engineMissing
        }
        executable = found
        self.mbrolaFolder = mbrolaFolder
        hasMBROLA = folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/mbrola") }
    }

    /// The voices espeak-ng has (``Voice``), MBROLA's among them whether
    /// installed or not.
    public func voices() throws(SpeechError) -> [Voice] {
        let listed = try run(["--voices"], input: nil) + (try run(["--voices=mb"], input: nil))
        return String(decoding: listed, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, let priority = Int(fields[0]) else { return nil }
            return Voice(language: String(fields[1]), name: String(fields[3]), file: String(fields[4]), priority: priority)
        }
    }

    /// Whether MBROLA can speak with `voice` here: the program and the
    /// voice's database are installed.
    public func isInstalled(_ voice: Voice) -> Bool {
        guard voice.isMBROLA else { return true }
        let database = String(voice.identifier.dropFirst(3))
        return hasMBROLA && FileManager.default.fileExists(atPath: "\(mbrolaFolder)/\(database)")
    }

    /// The voice to say `language` with: an installed MBROLA voice for
    /// it if there is one, else espeak-ng's own for the language, its
    /// region, or the language alone (Chinese is Mandarin, `cmn`);
    /// nil when espeak-ng has none.
    public func voice(for language: Language, among voices: [Voice]) -> Voice? {
        let parts = language.tag.lowercased().split(separator: "-").map(String.init)
        let primary = language.primary
        // The language with its region (`en-us` of `en-Latn-US`), then alone;
        // Chinese is Mandarin but for Cantonese (`zh-yue`, Hong Kong, Macau).
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var wanted = [parts.joined(separator: "-")] + (region.map { ["\(primary)-\($0)"] } ?? []) + [primary]
        if primary == "zh" {
            wanted = parts.contains("yue") || region == "hk" || region == "mo" ? ["yue"] : ["cmn"]
        }
        func matches(_ v: Voice) -> Int? {
            let lang = v.language.lowercased()
            if let k = wanted.firstIndex(of: lang) { return k }
            if lang.hasPrefix(primary + "-") || wanted.contains(where: { lang.hasPrefix($0 + "-") }) { return wanted.count }
            return nil
        }
        let candidates = voices.compactMap { v in matches(v).map { (v, $0) } }
            .filter { isInstalled($0.0) }
            .sorted { a, b in
                (a.0.isMBROLA ? 0 : 1, a.1, a.0.priority, a.0.identifier) < (b.0.isMBROLA ? 0 : 1, b.1, b.0.priority, b.0.identifier)
            }
        // English with no region is said as espeak-ng's American English,
        // its best tuned, unless an MBROLA voice or the region says otherwise.
        if language.tag.lowercased() == "en", let us = candidates.first(where: { $0.0.language == "en-us" && !$0.0.isMBROLA }),
            !(candidates.first?.0.isMBROLA ?? false) {
            return us.0
        }
        return candidates.first?.0
    }

    /// Whether `language` is written in Han characters (Chinese, Japanese's
    /// kanji): its voice reads them, and no other voice is called in for them.
    public static func readsHan(_ language: String) -> Bool {
        ["zh", "cmn", "yue", "ja", "ko", "wuu", "hak", "nan", "lzh"].contains(String(language.lowercased().prefix { $0 != "-" }))
    }

    /// `text` said by `voice` (its identifier, or a name espeak-ng takes,
    /// with a `+variant`), as 16-bit mono samples.
    public func say(_ text: String, voice: String) throws(SpeechError) -> Soundtrack {
        let wav = try run(["-v", voice, "-s", String(wordsPerMinute), "--stdout", "--stdin"], input: Array(text.utf8))
        guard let sound = Soundtrack(wav: wav) else { throw .badOutput(voice: voice, text: text) }
        return sound
    }

    /// Runs espeak-ng with `arguments`, `input` on its standard input, and
    /// returns what it writes on its standard output.
    private func run(_ arguments: [String], input: [UInt8]?) throws(SpeechError) -> [UInt8] {
        let output = Pipe(), errors = Pipe(), feed = Pipe()
        let process: ChildProcess
        do throws(ChildProcessError) {
            process = try ChildProcess(
                executable: executable, arguments: arguments, input: input == nil ? nil : feed.fileHandleForReading.fileDescriptor,
                output: output.fileHandleForWriting.fileDescriptor, error: errors.fileHandleForWriting.fileDescriptor)
        } catch {
            throw .failed(reason: "espeak-ng did not start: \(error.reason)")
        }
        // Its ends: held open here, they would keep each pipe from ending.
        for end in [feed.fileHandleForReading, output.fileHandleForWriting, errors.fileHandleForWriting] { try? end.close() }
        // Written from another thread: a long text must not wait on a full
        // pipe while espeak-ng waits for us to read its sound. espeak-ng may
        // exit without reading (a voice it refuses): the write then fails,
        // which is not an error of ours (SIGPIPE is ignored, here and at
        // start-up), and its own message says what went wrong.
        signal(SIGPIPE, SIG_IGN)
        let done = DispatchGroup()
        if let input {
            DispatchQueue.global().async(group: done) {
                try? feed.fileHandleForWriting.write(contentsOf: input)
                try? feed.fileHandleForWriting.close()
            }
        }
        let errorBytes = Mutex<Data>(Data())
        DispatchQueue.global().async(group: done) {
            let read = (try? errors.fileHandleForReading.readToEnd()) ?? Data()
            errorBytes.withLock { $0 = read }
        }
        let bytes = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        let status = process.waitUntilExit()
        done.wait()
        let said = errorBytes.withLock { String(decoding: $0, as: UTF8.self) }
        guard status == 0 else {
            let line = said.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
            throw .failed(reason: line)
        }
        return Array(bytes)
    }
}

/// A voice of the speech engine, as `espeak-ng --voices` lists it.
public struct Voice: Sendable, Hashable {
    /// The language it speaks, e.g. `en-us`, `cmn`.
    public var language: String
    /// Its name, e.g. `English_(America)`, `us-mbrola-1`.
    public var name: String
    /// Its file, e.g. `gmw/en-US`, `mb/mb-us1`.
    public var file: String
    /// espeak-ng's preference among voices of a language: lower first.
    public var priority: Int

    /// What `-v` takes: the language code for espeak-ng's own voices
    /// (`en-us`), the file's name for MBROLA's (`mb-us1`).
    public var identifier: String {
        isMBROLA ? String(file.split(separator: "/").last ?? Substring(file)) : language
    }

    /// Whether it speaks through MBROLA.
    public var isMBROLA: Bool { file.hasPrefix("mb/") }

    /// What `-v` takes to speak with this voice as `given` names it: its
    /// identifier, an espeak-ng voice by its file (two voices may share a
    /// language code), with `given`'s `+variant`.
    public func argument(for given: String) -> String {
        let variant = given.firstIndex(of: "+").map { String(given[$0...]) } ?? ""
        return (isMBROLA ? identifier : file) + variant
    }

    /// Whether `given` (a `--voice` value) names this voice: its language
    /// code, name, file or file's last part, case ignored; a `+variant`
    /// (espeak-ng's `en-us+f3`) is not part of the name.
    public func isNamed(_ given: String) -> Bool {
        let name = given.split(separator: "+").first.map { $0.lowercased() } ?? ""
        return [language, self.name, file, identifier].contains { $0.lowercased() == name }
    }
}

/// What went wrong with the speech engine.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No espeak-ng on the path.
    case engineMissing
    /// espeak-ng failed, saying why.
    case failed(reason: String)
    /// espeak-ng wrote something that is not a WAV of 16-bit PCM.
    case badOutput(voice: String, text: String)

    public var description: String {
        switch self {
        case .engineMissing: "no espeak-ng on the PATH: --narrate speaks with it; run scripts/setup.sh or apt-get install espeak-ng"
        case .failed(let reason): "espeak-ng failed: \(reason)"
        case .badOutput(let voice, let text): "espeak-ng gave no sound for '\(text)' in voice \(voice)"
        }
    }
}
