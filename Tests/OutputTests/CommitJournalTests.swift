import Foundation
import Testing

@testable import Output
@testable import OutputFiles

/// The journal a job keeps of its commits, and what the next job makes of
/// the journal of a job that died before it confirmed.
@Suite struct CommitJournalTests {
    @Test(arguments: [
        (".out.gif.tmp-4242-video", TemporaryName.Parsed(stem: "out.gif", pid: 4242, role: "video")),
        (".frame_00001.png.tmp-7-frame-3", TemporaryName.Parsed(stem: "frame_00001.png", pid: 7, role: "frame-3")),
        (".a.tmp-b.tmp-12-backup", TemporaryName.Parsed(stem: "a.tmp-b", pid: 12, role: "backup")),
        (".treeanim.tmp-99-commit", TemporaryName.Parsed(stem: "treeanim", pid: 99, role: "commit")),
    ])
    func hiddenNamesSayTheirNameProcessAndRole(_ name: String, _ parsed: TemporaryName.Parsed) {
        #expect(TemporaryName.parse(name) == parsed)
    }

    @Test(arguments: ["out.gif.tmp-1-video", ".out.gif.tmp-x1-video", ".out.gif.tmp-1-", ".tmp-1-video", ".out.gif.lock", ".out.gif.tmp-0-video"])
    func otherNamesAreNotTemporaryNames(_ name: String) {
        #expect(TemporaryName.parse(name) == nil)
    }

    @Test func entriesSurviveTheirBytesAndACutShortRecordIsDropped() {
        let entries: [CommitJournal.Entry] = [
            .init(kind: .place, name: "out.gif", backup: ".out.gif.tmp-1-backup", replaced: FileIdentity(device: 2049, inode: 76),
                  placed: FileIdentity(device: 2049, inode: 77)),
            .init(kind: .place, name: "new line\nname", backup: nil, replaced: nil, placed: FileIdentity(device: 1, inode: 2)),
            .init(kind: .remove, name: "frame_00003.png", backup: ".frame_00003.png.tmp-1-backup",
                  replaced: FileIdentity(device: 1, inode: 3), placed: nil),
        ]
        let bytes = entries.flatMap(CommitJournal.encode)
        #expect(CommitJournal.decode(bytes) == entries)
        #expect(CommitJournal.decode(Array(bytes.dropLast(3))) == Array(entries.prefix(2)))
        #expect(CommitJournal.decode([]) == [])
    }

    static func identity(_ folder: TestFolder, _ name: String) -> FileIdentity? {
        FileIdentity(folder(name), followingLinks: false)
    }

    static func writeJournal(_ entries: [CommitJournal.Entry], named name: String = ".treeanim.tmp-9-commit", in folder: TestFolder) throws {
        try Data(entries.flatMap(CommitJournal.encode)).write(to: URL(fileURLWithPath: folder(name)))
    }

    /// A journal left unlocked, as a killed job leaves it: every change is
    /// taken back, the last first, where the name still holds what the job
    /// put there; a name someone has since given another file keeps it, and
    /// the backup of what was there before stays too.
    @Test func aDeadJobsChangesAreTakenBack() throws {
        let folder = try TestFolder()
        // Replaced: a.txt (old kept as a link), b.txt (old kept, new since
        // replaced by someone else); placed where nothing was: c.txt;
        // removed: d.txt (moved aside); e.txt: the backup made, the rename
        // never done. f.txt: a temporary file the journal does not name.
        for (name, text) in [("a.txt", "new a"), ("b.txt", "someone's b"), ("c.txt", "new c"), ("e.txt", "old e")] {
            try folder.write(text, to: name)
        }
        for (name, text) in [(".a.txt.tmp-9-backup", "old a"), (".b.txt.tmp-9-backup", "old b"), (".d.txt.tmp-9-backup", "old d")] {
            try folder.write(text, to: name)
        }
        link(folder("e.txt"), folder(".e.txt.tmp-9-backup"))
        try folder.write("partial", to: ".f.txt.tmp-9-dump")
        let id = { (name: String) in Self.identity(folder, name) }
        try Self.writeJournal([
            .init(kind: .place, name: "a.txt", backup: ".a.txt.tmp-9-backup", replaced: id(".a.txt.tmp-9-backup"), placed: id("a.txt")),
            .init(kind: .place, name: "b.txt", backup: ".b.txt.tmp-9-backup", replaced: id(".b.txt.tmp-9-backup"),
                  placed: FileIdentity(device: 0, inode: 1)),
            .init(kind: .place, name: "c.txt", backup: nil, replaced: nil, placed: id("c.txt")),
            .init(kind: .remove, name: "d.txt", backup: ".d.txt.tmp-9-backup", replaced: id(".d.txt.tmp-9-backup"), placed: nil),
            .init(kind: .place, name: "e.txt", backup: ".e.txt.tmp-9-backup", replaced: id("e.txt"), placed: FileIdentity(device: 0, inode: 2)),
        ], in: folder)

        #expect(CommitJournal.recover(in: folder.path) == 1)
        #expect(folder.names() == [".b.txt.tmp-9-backup", ".f.txt.tmp-9-dump", "a.txt", "b.txt", "d.txt", "e.txt"])
        #expect(folder.contents(of: "a.txt") == Data("old a".utf8))
        #expect(folder.contents(of: "b.txt") == Data("someone's b".utf8))
        #expect(folder.contents(of: ".b.txt.tmp-9-backup") == Data("old b".utf8))
        #expect(folder.contents(of: "d.txt") == Data("old d".utf8))
        #expect(folder.contents(of: "e.txt") == Data("old e".utf8))
    }

    /// A journal is trusted only as far as the files show: a record that
    /// names a path out of the folder, a backup another process made, a
    /// backup of another name, or a backup that is not the file recorded
    /// moves nothing; a file only named like a journal is no journal.
    @Test func aJournalThatLiesTouchesNothing() throws {
        let root = try TestFolder()
        try FileManager.default.createDirectory(atPath: root("f"), withIntermediateDirectories: false)
        try root.write("thesis", to: "thesis.tex")
        try root.write("keep", to: "f/x.txt")
        try root.write("other's", to: "f/.x.txt.tmp-8-backup")
        try root.write("y's", to: "f/.y.txt.tmp-9-backup")
        try root.write("z", to: "f/z.txt")
        try root.write("not z", to: "f/.z.txt.tmp-9-backup")
        let id = { (name: String) in FileIdentity(root(name), followingLinks: false) }
        let lies: [CommitJournal.Entry] = [
            .init(kind: .remove, name: ".", backup: "../thesis.tex", replaced: id("thesis.tex"), placed: nil),
            .init(kind: .place, name: "../thesis.tex", backup: nil, replaced: nil, placed: id("thesis.tex")),
            .init(kind: .remove, name: "x.txt", backup: "../thesis.tex", replaced: id("thesis.tex"), placed: nil),
            .init(kind: .place, name: "x.txt", backup: ".x.txt.tmp-8-backup", replaced: id("f/.x.txt.tmp-8-backup"), placed: id("f/x.txt")),
            .init(kind: .place, name: "x.txt", backup: ".y.txt.tmp-9-backup", replaced: id("f/.y.txt.tmp-9-backup"), placed: id("f/x.txt")),
            .init(kind: .place, name: "z.txt", backup: ".z.txt.tmp-9-backup", replaced: FileIdentity(device: 0, inode: 5), placed: id("f/z.txt")),
        ]
        let entries = lies.flatMap(CommitJournal.encode)
        try Data(entries).write(to: URL(fileURLWithPath: root("f/.treeanim.tmp-9-commit")))
        try Data(entries).write(to: URL(fileURLWithPath: root("f/.treeanim.tmp-9-commitment")))
        #expect(CommitJournal.recover(in: root("f")) == 1)
        #expect(root.names() == ["f", "thesis.tex"])
        #expect(root.contents(of: "thesis.tex") == Data("thesis".utf8))
        #expect(root.names(in: "f") == [".treeanim.tmp-9-commitment", ".x.txt.tmp-8-backup", ".y.txt.tmp-9-backup", ".z.txt.tmp-9-backup", "x.txt", "z.txt"])
        #expect(root.contents(of: "f/x.txt") == Data("keep".utf8))
        #expect(root.contents(of: "f/z.txt") == Data("z".utf8))
    }

    /// A journal its job still holds is left alone, and so is all it names.
    @Test func aLiveJobsJournalIsLeftAlone() throws {
        let folder = try TestFolder()
        try folder.write("new", to: "a.txt")
        try folder.write("old", to: ".a.txt.tmp-\(getpid())-backup")
        let journal = try #require(try CommitJournal.begin(in: folder.path))
        try journal.record(
            .init(kind: .place, name: "a.txt", backup: ".a.txt.tmp-\(getpid())-backup",
                  replaced: Self.identity(folder, ".a.txt.tmp-\(getpid())-backup"), placed: Self.identity(folder, "a.txt")))
        #expect(CommitJournal.recover(in: folder.path) == 0)
        #expect(folder.contents(of: "a.txt") == Data("new".utf8))
        #expect(folder.names().count == 3)
        journal.end()
        #expect(folder.names() == [".a.txt.tmp-\(getpid())-backup", "a.txt"])
    }
}
