// BatchPreparation: reading, decoding and preprocessing one batch of image files on a
// background thread, so the next batch is being prepared while the engine runs this one.
import Dispatch
import Foundation

/// One batch of files turned into model input; files that failed carry their error instead.
struct PreparedBatch {
    var urls: [URL]
    /// The decoded images' input values, concatenated in file order.
    var values: [Float]
    /// For each image in `values`, its position in `urls`.
    var preparedIndices: [Int]
    /// For each file, why it could not be prepared, or nil when it was.
    var failures: [ClassificationError?]
    /// Seconds spent preparing each file, by position in `urls`.
    var seconds: [Double]
}

/// A batch being prepared in the background; `wait()` returns it once it is ready.
final class BatchPreparation: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the background work before `finished` is signalled, read after waiting.
    private var batch: PreparedBatch?

    /// Starts preparing `urls` for `classifier` on a background queue. The files of the batch
    /// are decoded concurrently.
    init(urls: [URL], classifier: ImageClassifier) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            batch = Self.prepare(urls: urls, classifier: classifier)
            finished.signal()
        }
    }

    /// Blocks until the batch is prepared and returns it. Call once.
    func wait() -> PreparedBatch {
        finished.wait()
        return batch!
    }

    private static func prepare(urls: [URL], classifier: ImageClassifier) -> PreparedBatch {
        let outcomes = OutcomeSlots(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome: Result<[Float], ClassificationError>
            do {
                outcome = .success(try classifier.inputValues(forImageAt: urls[index]))
            } catch let error as ClassificationError {
                outcome = .failure(error)
            } catch {
                preconditionFailure("ImageClassifier.inputValues threw a non-ClassificationError: \(error)")
            }
            outcomes.set(index, outcome, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var batch = PreparedBatch(urls: urls, values: [], preparedIndices: [],
                                  failures: Array(repeating: nil, count: urls.count), seconds: outcomes.seconds)
        batch.values.reserveCapacity(urls.count * classifier.preprocessing.valueCount)
        for (index, outcome) in outcomes.results.enumerated() {
            switch outcome {
            case .success(let values):
                batch.values.append(contentsOf: values)
                batch.preparedIndices.append(index)
            case .failure(let error):
                batch.failures[index] = error
            case nil:
                preconditionFailure("image \(index) of the batch was never prepared")
            }
        }
        return batch
    }
}

/// Per-file results written from concurrent workers, one slot each.
private final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [Result<[Float], ClassificationError>?]
    private(set) var seconds: [Double]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
        seconds = Array(repeating: 0, count: count)
    }

    func set(_ index: Int, _ result: Result<[Float], ClassificationError>, seconds elapsed: Double) {
        lock.lock()
        results[index] = result
        seconds[index] = elapsed
        lock.unlock()
    }
}
