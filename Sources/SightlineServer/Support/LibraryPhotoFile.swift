// LibraryPhotoFile: the file of a photo of the photo library, read for showing it — only a path
// the index holds (a request names a photo by its id, never by a path), within the upload size
// limit and the server's memory budget like an uploaded photo, so that many pictures decoded at
// once cannot take more memory than uploads could.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineStore

enum LibraryPhotoFile {
    /// Whether `photo`'s file is still the regular file the index read: same size, same
    /// modification time (a picture made from it may be reused by a browser).
    static func isUnchanged(_ photo: IndexedPhoto) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: photo.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? NSNumber, size.int64Value == photo.size,
              let modified = attributes[.modificationDate] as? Date else { return false }
        return modified.timeIntervalSinceReferenceDate == photo.modifiedAt.timeIntervalSinceReferenceDate
    }

    /// The bytes of `photo`'s file as a `PhotoUpload` holding twice their size of `budget`.
    ///
    /// - Throws: `PhotoLibraryError.fileUnavailable` (gone, not a regular file, larger than
    ///   `limit`, unreadable), 503 `busy` when the budget has no room.
    static func read(_ photo: IndexedPhoto, limit: Int, budget: MemoryBudget) throws -> PhotoUpload {
        let data: Data
        do {
            data = try PhotoFileReader.read(URL(fileURLWithPath: photo.path), maximumBytes: limit)
        } catch let error as ImagingError {
            throw PhotoLibraryError.fileUnavailable(id: photo.id, path: photo.path, reason: error.description)
        }
        let reservation = MemoryReservation(budget: budget)
        guard reservation.grow(by: 2 * data.count) else { throw PhotoUpload.overBudget(budget) }
        return PhotoUpload(data: data, fileName: URL(fileURLWithPath: photo.path).lastPathComponent, reservation: reservation)
    }
}
