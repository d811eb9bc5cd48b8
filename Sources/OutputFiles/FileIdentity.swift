import Foundation

/// A file's device and inode: the same under every name of one file (hard
/// links, a symbolic link and its target when followed), different for
/// different files. A name that is given to another file gets another
/// identity, which is how a job tells its own file from one put there since.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `path` names, after symbolic links when
    /// `followingLinks`; nil when there is nothing there.
    init?(_ path: String, followingLinks: Bool) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the file `descriptor` has open; nil when it is not open.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
