// TensorBatchFolder: a temporary folder of `.npy` batches holding the exact input tensors
// Sightline ran, so ONNX Runtime can be fed the same values and the rankings compared.
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlineVision

final class TensorBatchFolder {
    private let directory: URL
    /// Each written batch: its file and, for every image in it, the photo's position.
    private var batches: [(file: URL, photoPositions: [Int])] = []

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-tensors-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("Cannot create the temporary folder \(directory.path): \(error.localizedDescription)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stores one batch of prepared images (`values` holds `photoPositions.count` images).
    func add(_ values: [Float], photoPositions: [Int], preprocessing: ImagePreprocessing) throws {
        guard !photoPositions.isEmpty else { return }
        let file = directory.appendingPathComponent(String(format: "batch-%05d.npy", batches.count))
        do {
            try NumpyFileWriter.write(values: values, shape: preprocessing.tensorShape(batchSize: photoPositions.count), to: file)
        } catch {
            throw CommandFailure("Cannot write \(file.path): \(error.localizedDescription)")
        }
        batches.append((file, photoPositions))
    }

    /// Runs `reference` on every stored batch and returns each photo's top-5 class indices
    /// (ranked like Sightline ranks its own logits), by photo position.
    func referenceRankings(_ reference: ONNXRuntimeReference, logitsOutput: String) throws -> [(Int, [Int])] {
        var rankings: [(Int, [Int])] = []
        var progress = ProgressBar(total: batches.reduce(0) { $0 + $1.photoPositions.count })
        for batch in batches {
            let (shape, logits) = try reference.output(logitsOutput, forTensorAt: batch.file)
            let imageCount = batch.photoPositions.count
            guard shape.first == imageCount, logits.count % imageCount == 0 else {
                throw CommandFailure("ONNX Runtime returned '\(logitsOutput)' of shape \(shape) for \(imageCount) images.")
            }
            let classCount = logits.count / imageCount
            logits.withUnsafeBufferPointer { all in
                for (image, position) in batch.photoPositions.enumerated() {
                    let row = UnsafeBufferPointer(rebasing: all[image * classCount ..< (image + 1) * classCount])
                    rankings.append((position, ClassificationResult(logits: row, labels: [], top: 5).observations.map(\.index)))
                }
            }
            progress.advance(by: imageCount)
        }
        progress.clear()
        return rankings
    }
}
