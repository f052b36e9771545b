import Glibc

/// A file as the file system knows it (device and inode), to tell whether a path still
/// names the file opened earlier. Immutable, `Sendable`.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file `path` names now; nil when there is none (or it cannot be examined).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
