// PhotoFileReader: a photo file's bytes, read only after what can be known without reading
// them says they are worth it. A path that is not a regular file (a folder, a device such as
// /dev/zero, a pipe, a socket) is refused by what it is; a file whose first bytes are no image
// format Sightline decodes is refused from those bytes, whatever its size, so a 10 GiB file of
// zeros is never read whole; a photo file larger than the limit is refused by its size. Only
// then is the file read.
public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads photo files for decoding.
public enum PhotoFileReader {
    /// The largest photo file read, 512 MiB: a 100-megapixel PNG without any compression is
    /// 300 MB, far beyond what cameras write.
    public static let defaultMaximumBytes = 512 << 20
    /// How many leading bytes are read to recognise the format (ISO media boxes list brands).
    static let sniffedByteCount = 256
    /// How many leading bytes an `unrecognizedFormat` error keeps to describe the file.
    static let describedByteCount = 24

    /// The bytes of the photo file at `url`.
    ///
    /// - Throws: `ImagingError.fileUnreadable` (no such file, not a regular file, larger than
    ///   `maximumBytes`, a read error), `.emptyData`, `.unrecognizedFormat` or
    ///   `.unsupportedFormat` — the last three as decoding the bytes would.
    public static func read(_ url: URL, maximumBytes: Int = defaultMaximumBytes) throws -> Data {
        let size = try regularFileSize(url)
        guard size > 0 else { throw ImagingError.emptyData }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ImagingError.fileUnreadable(path: url.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        do {
            let head = try handle.read(upToCount: sniffedByteCount) ?? Data()
            guard let format = ImageFormat.detect(in: head) else {
                throw ImagingError.unrecognizedFormat(leadingBytes: Array(head.prefix(describedByteCount)))
            }
            guard format.isDecodable else { throw ImagingError.unsupportedFormat(format) }
            guard size <= maximumBytes else {
                throw ImagingError.fileUnreadable(path: url.path, reason: """
                    the file is \(megabytes(size)) MB, more than the \(megabytes(maximumBytes)) MB a photo file may be
                    """)
            }
            try handle.seek(toOffset: 0)
            return try handle.readToEnd() ?? Data()
        } catch let error as ImagingError {
            throw error
        } catch {
            throw ImagingError.fileUnreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The size of the regular file at `url` (symbolic links followed).
    static func regularFileSize(_ url: URL) throws -> Int {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw ImagingError.fileUnreadable(path: url.path, reason: reason)
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let what = kind == S_IFDIR ? "a folder" : kind == S_IFCHR ? "a character device"
                : kind == S_IFBLK ? "a block device" : kind == S_IFIFO ? "a pipe" : kind == S_IFSOCK ? "a socket" : "a special file"
            throw ImagingError.fileUnreadable(path: url.path, reason: "it is \(what), not a regular file")
        }
        return Int(status.st_size)
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
