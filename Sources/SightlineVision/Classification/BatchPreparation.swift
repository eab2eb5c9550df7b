// BatchPreparation: reading, decoding and preprocessing one batch of images on a background
// thread, so the next batch is being prepared while the engine runs this one. The items are
// usually files; the trainer also prepares augmented copies of files this way.
import Dispatch
import Foundation
import SightlineImaging

/// One batch of items turned into model input; items that failed carry their error instead.
package struct PreparedBatch<Item> {
    package var items: [Item]
    /// The prepared images' input values, concatenated in item order.
    package var values: [Float]
    /// For each image in `values`, its position in `items`.
    package var preparedIndices: [Int]
    /// For each item, why it could not be prepared, or nil when it was.
    package var failures: [ClassificationError?]
    /// Seconds spent preparing each item, by position in `items`.
    package var seconds: [Double]
}

/// A batch being prepared in the background; `wait()` returns it once it is ready.
package final class BatchPreparation<Item: Sendable>: @unchecked Sendable {
    /// Turns one item into `valueCount` model input values.
    package typealias Prepare = @Sendable (Item) throws(ClassificationError) -> [Float]

    private let finished = DispatchSemaphore(value: 0)
    // Written once by the background work before `finished` is signalled, read after waiting.
    private var batch: PreparedBatch<Item>?

    /// Starts preparing `items` on a background queue; the items of the batch are prepared
    /// concurrently. `prepare` must return `valueCount` values per item.
    init(items: [Item], valueCount: Int, prepare: @escaping Prepare) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            batch = Self.prepare(items: items, valueCount: valueCount, with: prepare)
            finished.signal()
        }
    }

    /// Blocks until the batch is prepared and returns it. Call once.
    package func wait() -> PreparedBatch<Item> {
        finished.wait()
        return batch!
    }

    /// Prepares `items` in batches of `batchSize` and calls `body` with each batch in order;
    /// while `body` runs on one batch, the next is prepared in the background.
    package static func pipeline<Failure: Error>(items: [Item], batchSize: Int, valueCount: Int, prepare: @escaping Prepare,
                                                 body: (PreparedBatch<Item>) throws(Failure) -> Void) throws(Failure) {
        precondition(batchSize > 0, "batchSize must be at least 1, got \(batchSize)")
        let batches = stride(from: 0, to: items.count, by: batchSize).map {
            Array(items[$0 ..< min($0 + batchSize, items.count)])
        }
        guard let first = batches.first else { return }
        var pending = BatchPreparation(items: first, valueCount: valueCount, prepare: prepare)
        for index in batches.indices {
            let prepared = pending.wait()
            if index + 1 < batches.count {
                pending = BatchPreparation(items: batches[index + 1], valueCount: valueCount, prepare: prepare)
            }
            try body(prepared)
        }
    }

    private static func prepare(items: [Item], valueCount: Int, with prepare: Prepare) -> PreparedBatch<Item> {
        let outcomes = OutcomeSlots(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome: Result<[Float], ClassificationError>
            do throws(ClassificationError) {
                outcome = .success(try prepare(items[index]))
            } catch {
                outcome = .failure(error)
            }
            outcomes.set(index, outcome, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var batch = PreparedBatch(items: items, values: [], preparedIndices: [],
                                  failures: Array(repeating: nil, count: items.count), seconds: outcomes.seconds)
        batch.values.reserveCapacity(items.count * valueCount)
        for (index, outcome) in outcomes.results.enumerated() {
            switch outcome {
            case .success(let values):
                precondition(values.count == valueCount,
                             "item \(index) was prepared as \(values.count) values, expected \(valueCount)")
                batch.values.append(contentsOf: values)
                batch.preparedIndices.append(index)
            case .failure(let error):
                batch.failures[index] = error
            case nil:
                preconditionFailure("item \(index) of the batch was never prepared")
            }
        }
        return batch
    }
}

extension BatchPreparation where Item == URL {
    /// Prepares image files exactly as `classifier` prepares a single file.
    static func files<Failure: Error>(_ urls: [URL], batchSize: Int, classifier: ImageClassifier,
                                      body: (PreparedBatch<URL>) throws(Failure) -> Void) throws(Failure) {
        try pipeline(items: urls, batchSize: batchSize, valueCount: classifier.preprocessing.valueCount,
                     prepare: { url throws(ClassificationError) in try classifier.inputValues(forImageAt: url) },
                     body: body)
    }
}

/// Per-item results written from concurrent workers, one slot each.
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
