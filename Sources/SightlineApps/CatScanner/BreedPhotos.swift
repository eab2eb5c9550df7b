// BreedPhotos: the encyclopaedia's pictures. cats/breed-photos.tsv names, for the entries that
// have one, a photo of the shared datasets (the Oxford-IIIT Pet cats, CC BY-SA 4.0) and its
// credit. The photos are not bundled: the set-up installs them into the data directory
// (`sightline cat breeds install-photos DATASETS`), re-encoded as JPEG at most
// `longestSide` pixels, and the pages show a picture, with its credit, only where one is
// installed — an entry without one gets no picture and no empty frame.
public import Foundation
import SightlineImaging

/// Which entries have a picture, where the installed pictures are, and installing them.
public struct BreedPhotos: Sendable {
    /// The bundled list of pictures.
    public static let file = "cats/breed-photos.tsv"
    /// The longer side of an installed picture, in pixels.
    public static let longestSide = 512
    /// The largest source photo read, in bytes.
    static let maxSourceBytes = 16 << 20

    /// One entry's picture: where the set-up finds it (relative to the datasets folder) and
    /// its credit.
    public struct Source: Sendable, Hashable {
        public var path: String
        public var photo: BreedPhoto
    }

    /// Entry name → its picture's source.
    public let sources: [String: Source]
    /// Where the installed pictures are.
    public let directory: URL

    /// The pictures of the data directory `dataDirectory`, listed by the bundled file.
    ///
    /// - Throws: `AppDataError` for a malformed list or one naming an entry the encyclopaedia
    ///   does not have.
    public init(dataDirectory: URL) throws {
        sources = try Self.bundledSources.get()
        directory = dataDirectory.appendingPathComponent("content/breed-photos", isDirectory: true)
    }

    private static let bundledSources = Result { try readSources(checkingAgainst: BreedEncyclopaedia.bundled()) }

    static func readSources(checkingAgainst encyclopaedia: BreedEncyclopaedia) throws -> [String: Source] {
        var sources: [String: Source] = [:]
        for (offset, row) in try AppResources.tableRows(file).enumerated() {
            let fields = ["breed", "photo", "credit", "licence", "licence_url"].map { row[$0] ?? "" }
            guard !fields.contains(where: \.isEmpty) else {
                throw AppDataError.malformed(file: file, reason: "line \(offset + 2) needs a breed, a photo, a credit and a licence with its address")
            }
            guard encyclopaedia.breed(named: fields[0])?.name == fields[0] else {
                throw AppDataError.malformed(file: file, reason: "'\(fields[0])' on line \(offset + 2) is not an encyclopaedia entry")
            }
            guard !fields[1].hasPrefix("/"), !fields[1].split(separator: "/").contains("..") else {
                throw AppDataError.malformed(file: file, reason: "the photo on line \(offset + 2) must be a path inside the datasets folder")
            }
            guard sources[fields[0]] == nil else {
                throw AppDataError.malformed(file: file, reason: "\(fields[0]) has two photos")
            }
            sources[fields[0]] = Source(path: fields[1], photo: BreedPhoto(credit: fields[2], licence: fields[3], licenceURL: fields[4]))
        }
        return sources
    }

    /// The installed picture's file for the entry `name` (which need not exist).
    public func fileURL(for name: String) -> URL {
        directory.appendingPathComponent(name.replacingOccurrences(of: " ", with: "_") + ".jpg")
    }

    /// The credit of the entry's picture when one is installed; nil otherwise.
    public func photo(for name: String) -> BreedPhoto? {
        guard let source = sources[name], FileManager.default.fileExists(atPath: fileURL(for: name).path) else { return nil }
        return source.photo
    }

    /// The installed picture of the entry `name` (JPEG bytes); nil when it has none.
    public func jpegData(for name: String) -> Data? {
        guard sources[name] != nil else { return nil }
        return try? Data(contentsOf: fileURL(for: name))
    }

    /// `entry` with the credit of its installed picture.
    public func attaching(to entry: BreedEncyclopaediaEntry) -> BreedEncyclopaediaEntry {
        var attached = entry
        attached.photo = photo(for: entry.breed.name)
        return attached
    }

    /// Reads every listed photo from `datasets`, shrinks it and writes it to `directory`.
    /// Every photo is read and checked before the first is written, so a missing or broken
    /// one installs nothing; each file is replaced atomically.
    ///
    /// - Returns: how many pictures were installed.
    /// - Throws: `BreedPhotoError`.
    @discardableResult
    public func install(from datasets: URL) throws -> Int {
        let encoded = try sources.sorted { $0.key < $1.key }.map { name, source in
            (name, try Self.prepared(source.path, in: datasets))
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, data) in encoded {
                try data.write(to: fileURL(for: name), options: .atomic)
            }
        } catch {
            throw BreedPhotoError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        return encoded.count
    }

    /// The photo at `path` inside `datasets`, at most `longestSide` pixels, as JPEG.
    static func prepared(_ path: String, in datasets: URL) throws -> Data {
        let url = datasets.appendingPathComponent(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw BreedPhotoError.missing(path: path) }
        guard size <= maxSourceBytes else {
            throw BreedPhotoError.unreadable(path: path, reason: "it is \(size) bytes; at most \(maxSourceBytes) are read")
        }
        do {
            let image = try ImageDecoder.decode(data: try Data(contentsOf: url), options: DecodeOptions(maxPixels: 40_000_000))
            let scale = min(1, Double(longestSide) / Double(max(image.width, image.height)))
            let shrunk = scale < 1
                ? image.resized(width: max(1, Int((Double(image.width) * scale).rounded())),
                                height: max(1, Int((Double(image.height) * scale).rounded())))
                : image
            return try ImageEncoder.jpegData(shrunk, quality: 88)
        } catch {
            throw BreedPhotoError.unreadable(path: path, reason: "\(error)")
        }
    }
}
