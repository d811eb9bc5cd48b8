import Foundation
import Testing

@testable import Output

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
            .init(kind: .place, name: "out.gif", backup: ".out.gif.tmp-1-backup", placed: FileIdentity(device: 2049, inode: 77)),
            .init(kind: .place, name: "new line\nname", backup: nil, placed: FileIdentity(device: 1, inode: 2)),
            .init(kind: .remove, name: "frame_00003.png", backup: ".frame_00003.png.tmp-1-backup", placed: nil),
        ]
        let bytes = entries.flatMap(CommitJournal.encode)
        #expect(CommitJournal.decode(bytes) == entries)
        #expect(CommitJournal.decode(Array(bytes.dropLast(3))) == Array(entries.prefix(2)))
        #expect(CommitJournal.decode([]) == [])
    }

    /// A journal left unlocked, as a killed job leaves it: every change is
    /// taken back, the last first, where the name still holds what the job
    /// put there; a name someone has since given another file keeps it.
    @Test func aDeadJobsChangesAreTakenBack() throws {
        let folder = try TestFolder()
        // Replaced: a.txt (old kept as a link), b.txt (old kept, new since
        // replaced by someone else); placed where nothing was: c.txt;
        // removed: d.txt (moved aside); e.txt: the backup made, the rename
        // never done.
        for (name, text) in [("a.txt", "new a"), ("b.txt", "someone's b"), ("c.txt", "new c"), ("e.txt", "old e")] {
            try folder.write(text, to: name)
        }
        for (name, text) in [(".a.txt.tmp-9-backup", "old a"), (".b.txt.tmp-9-backup", "old b"), (".d.txt.tmp-9-backup", "old d")] {
            try folder.write(text, to: name)
        }
        link(folder("e.txt"), folder(".e.txt.tmp-9-backup"))
        try folder.write("partial", to: ".f.txt.tmp-9-dump")
        let identity = { (name: String) in FileIdentity(folder(name), followingLinks: false) }
        let entries: [CommitJournal.Entry] = [
            .init(kind: .place, name: "a.txt", backup: ".a.txt.tmp-9-backup", placed: identity("a.txt")),
            .init(kind: .place, name: "b.txt", backup: ".b.txt.tmp-9-backup", placed: FileIdentity(device: 0, inode: 1)),
            .init(kind: .place, name: "c.txt", backup: nil, placed: identity("c.txt")),
            .init(kind: .remove, name: "d.txt", backup: ".d.txt.tmp-9-backup", placed: nil),
            .init(kind: .place, name: "e.txt", backup: ".e.txt.tmp-9-backup", placed: FileIdentity(device: 0, inode: 2)),
        ]
        try Data(entries.flatMap(CommitJournal.encode)).write(to: URL(fileURLWithPath: folder(".treeanim.tmp-9-commit")))

        #expect(CommitJournal.recover(in: folder.path) == 1)
        #expect(folder.names() == ["a.txt", "b.txt", "d.txt", "e.txt"])
        #expect(folder.contents(of: "a.txt") == Data("old a".utf8))
        #expect(folder.contents(of: "b.txt") == Data("someone's b".utf8))
        #expect(folder.contents(of: "d.txt") == Data("old d".utf8))
        #expect(folder.contents(of: "e.txt") == Data("old e".utf8))
    }

    /// A journal its job still holds is left alone, and so is all it names.
    @Test func aLiveJobsJournalIsLeftAlone() throws {
        let folder = try TestFolder()
        try folder.write("new", to: "a.txt")
        try folder.write("old", to: ".a.txt.tmp-9-backup")
        let journal = try CommitJournal.begin(in: folder.path)
        try journal.record(
            .init(kind: .place, name: "a.txt", backup: ".a.txt.tmp-9-backup", placed: FileIdentity(folder("a.txt"), followingLinks: false)))
        #expect(CommitJournal.recover(in: folder.path) == 0)
        #expect(folder.contents(of: "a.txt") == Data("new".utf8))
        #expect(folder.names().count == 3)
        journal.end()
        #expect(folder.names() == [".a.txt.tmp-9-backup", "a.txt"])
    }
}
