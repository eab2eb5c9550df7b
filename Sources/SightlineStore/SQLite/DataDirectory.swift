// DataDirectory: the file-system side of opening the store — creating the data directory and
// the database file readable by their owner only (they hold photos and history), and an
// exclusive lock on the directory so that processes opening the store at the same time check
// and migrate the database one after another.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum DataDirectory {
    /// Creates `directory` and its missing parents with mode 0700; an existing folder is left
    /// as it is. `databasePath` names the file in error messages.
    static func create(_ directory: URL, for databasePath: String) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(
                path: databasePath,
                reason: "its folder \(directory.path) cannot be created (\(error.localizedDescription))")
        }
    }

    /// Runs `body` while holding an exclusive `flock` on the directory itself. The lock is on
    /// the folder, not on the database file, because closing any other descriptor of the
    /// database file would drop the POSIX locks SQLite holds on it in this process. The kernel
    /// releases the lock if the process dies.
    static func whileLocked<T>(_ directory: URL, for databasePath: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(
                path: databasePath,
                reason: "its folder cannot be opened (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError.cannotOpen(
                    path: databasePath,
                    reason: "its folder cannot be locked (\(String(cString: strerror(errno))))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Creates an empty file with mode 0600 (SQLite gives its `-wal` and `-shm` files the
    /// same mode). Fails if the file exists: it is only called while the directory is locked,
    /// after checking that it does not.
    static func createPrivateFile(at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }
}
