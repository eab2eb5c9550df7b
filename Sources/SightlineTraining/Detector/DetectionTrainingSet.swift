// DetectionTrainingSet: a YOLO-format dataset read for training a detector — data.yaml's class
// names, the train/ and valid/ splits (a seeded fifth of train/ held out when valid/ is missing
// or empty), every photo decoded once and kept at a bounded size, and its boxes clipped to the
// photo. Problems with single files (a malformed label file, an unknown class, an unreadable
// photo, a box outside the photo) skip that file or box and are counted and reported; only a
// dataset with nothing to learn from is refused.
import Foundation
import SightlineImaging
import SightlineVision

/// A training or validation photo and its labelled objects.
struct DetectionTrainingPhoto: Sendable {
    let url: URL
    /// The photo, upright, its longer side at most the set's `maximumSide`.
    let image: RGBImage
    let objects: [GroundTruthObject]
}

struct DetectionTrainingSet: Sendable {
    let directory: URL
    let classNames: [String]
    let training: [DetectionTrainingPhoto]
    let validation: [DetectionTrainingPhoto]
    /// True when valid/ was missing or empty and the validation photos were held out of train/.
    let validationHeldOut: Bool
    /// Files left out, with the reason, in path order.
    let skipped: [(file: String, reason: String)]
    /// Boxes that reached outside their photo and were clipped to it.
    let clippedBoxes: Int
    /// Boxes dropped because nothing of them was inside the photo.
    let droppedBoxes: Int

    /// The fraction of train/ held out when there is no valid/ split.
    static let heldOutFraction = 0.2

    /// Reads and decodes the dataset at `directory`.
    ///
    /// - Throws: `DetectorTrainingError.unusableDataset` or `.notEnoughData`.
    static func load(directory: URL, seed: UInt64, maximumSide: Int,
                     progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws
        -> DetectionTrainingSet {
        let path = directory.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DetectorTrainingError.unusableDataset(path: path, reason: "it is not a folder")
        }
        let configuration = directory.appendingPathComponent(YOLODataConfiguration.fileName)
        guard FileManager.default.fileExists(atPath: configuration.path) else {
            throw DetectorTrainingError.unusableDataset(path: path, reason: "it has no \(YOLODataConfiguration.fileName)")
        }
        let training = try split("train", of: directory, required: true)!
        let validationSplit = try split("valid", of: directory, required: false)
        guard let classNames = training.classNames, !classNames.isEmpty else {
            throw DetectorTrainingError.unusableDataset(path: path, reason: "\(YOLODataConfiguration.fileName) lists no class names")
        }
        guard classNames.count >= 2 else {
            throw DetectorTrainingError.notEnoughData(path: path, reason:
                "\(YOLODataConfiguration.fileName) names one class (\(classNames[0])); a detector needs at least two classes "
                + "to tell apart — add a second class, or label other objects in the photos")
        }
        var skipped = (training.skipped + (validationSplit?.skipped ?? [])).map { ($0.url.path, $0.reason) }
        var trainingPhotos = training.photos
        var validationPhotos = validationSplit?.photos ?? []
        let heldOut = validationPhotos.isEmpty
        if heldOut {
            var generator = SeededRandomGenerator(seed: seed, stream: 0x5EED_DA7A)
            let shuffled = generator.shuffled(trainingPhotos)
            let count = max(1, Int((Double(shuffled.count) * heldOutFraction).rounded()))
            validationPhotos = Array(shuffled.prefix(count)).sorted { $0.url.path < $1.url.path }
            trainingPhotos = Array(shuffled.dropFirst(count)).sorted { $0.url.path < $1.url.path }
        }

        let all = trainingPhotos + validationPhotos
        let state = DecodingState(count: all.count)
        DispatchQueue.concurrentPerform(iterations: all.count) { index in
            let outcome = decodePhoto(all[index], maximumSide: maximumSide)
            progress(state.record(outcome, at: index), all.count)
        }
        let decoded = state.results
        let (clipped, dropped) = (state.clipped, state.dropped)
        var trainingDecoded: [DetectionTrainingPhoto] = [], validationDecoded: [DetectionTrainingPhoto] = []
        for (index, result) in decoded.enumerated() {
            switch result! {
            case .success(let photo):
                if index < trainingPhotos.count { trainingDecoded.append(photo) } else { validationDecoded.append(photo) }
            case .failure(let error):
                skipped.append((all[index].url.path, "the photo cannot be read: \(error)"))
            }
        }
        let boxCounts = Dictionary(grouping: trainingDecoded.flatMap(\.objects), by: \.classIndex).mapValues(\.count)
        guard !boxCounts.isEmpty else {
            throw DetectorTrainingError.notEnoughData(path: path, reason:
                "no photo in train/ has a usable labelled box (\(skipped.count) files skipped)")
        }
        guard boxCounts.count >= 2 else {
            let only = classNames[boxCounts.keys.first!]
            throw DetectorTrainingError.notEnoughData(path: path, reason:
                "only the class '\(only)' has boxes in train/; a detector needs boxes of at least two classes")
        }
        guard !validationDecoded.isEmpty else {
            throw DetectorTrainingError.notEnoughData(path: path, reason: "no validation photo could be read")
        }
        return DetectionTrainingSet(directory: directory, classNames: classNames, training: trainingDecoded,
                                    validation: validationDecoded, validationHeldOut: heldOut,
                                    skipped: skipped.sorted { $0.0 < $1.0 }.map { (file: $0.0, reason: $0.1) },
                                    clippedBoxes: clipped, droppedBoxes: dropped)
    }

    /// The split folder `name` read as a YOLO dataset, or nil when it is optional and absent or empty.
    private static func split(_ name: String, of directory: URL, required: Bool) throws -> YOLODataset? {
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            if required { throw DetectorTrainingError.unusableDataset(path: directory.path, reason: "it has no \(name)/ folder") }
            return nil
        }
        do {
            return try YOLODataset(directory: folder)
        } catch YOLODatasetError.noPhotos where !required {
            return nil
        } catch {
            throw DetectorTrainingError.unusableDataset(path: directory.path, reason: "\(name)/: \(error)")
        }
    }

    /// One photo decoded (upright, at most `maximumSide`) with its boxes clipped to it.
    private static func decodePhoto(_ photo: YOLODataset.Photo, maximumSide: Int)
        -> Result<(photo: DetectionTrainingPhoto, clipped: Int, dropped: Int), ImagingError> {
        let image: RGBImage
        do {
            image = try ImageDecoder.decode(contentsOf: photo.url)
        } catch let error as ImagingError {
            return .failure(error)
        } catch {
            return .failure(.fileUnreadable(path: photo.url.path, reason: "\(error)"))
        }
        let scale = min(1, Double(maximumSide) / Double(max(image.width, image.height)))
        let stored = scale < 1
            ? image.resized(width: max(1, Int((Double(image.width) * scale).rounded())),
                            height: max(1, Int((Double(image.height) * scale).rounded())))
            : image
        var clipped = 0, dropped = 0
        var objects: [GroundTruthObject] = []
        for object in photo.objects {
            let box = object.box
            let x1 = max(0, box.x), y1 = max(0, box.y)
            let x2 = min(1, box.x + box.width), y2 = min(1, box.y + box.height)
            guard x2 - x1 > 1e-4, y2 - y1 > 1e-4 else {
                dropped += 1
                continue
            }
            if x1 != box.x || y1 != box.y || x2 != box.x + box.width || y2 != box.y + box.height { clipped += 1 }
            objects.append(GroundTruthObject(classIndex: object.classIndex,
                                             box: NormalizedRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)))
        }
        return .success((DetectionTrainingPhoto(url: photo.url, image: stored, objects: objects),
                         clipped, dropped))
    }
}

/// The decoded photos and box counts, filled in from several threads.
private final class DecodingState: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [Result<DetectionTrainingPhoto, ImagingError>?]
    private(set) var clipped = 0
    private(set) var dropped = 0
    private var done = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// Stores one photo's outcome; returns how many are done.
    func record(_ outcome: Result<(photo: DetectionTrainingPhoto, clipped: Int, dropped: Int), ImagingError>, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        results[index] = outcome.map(\.photo)
        if case .success(let photo) = outcome {
            clipped += photo.clipped
            dropped += photo.dropped
        }
        done += 1
        return done
    }
}
