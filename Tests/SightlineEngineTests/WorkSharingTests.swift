// WorkSharingTests: how the thread pool shares work out — a guided job's chunks cover every
// unit exactly once, large chunks first, none below the smallest allowed — and that however
// the threads share a layer (GEMM tiles cut part-way down a column panel, depthwise units in
// guided chunks) the layer's output has the same bits with 1, 2 or 3 threads.

import CSightlineKernels
import Foundation
import XCTest
@testable import SightlineEngine

final class WorkSharingTests: XCTestCase {
    /// The chunks a guided job ran (in the order they finished).
    private final class ChunkLog {
        let lock = NSLock()
        var chunks: [Range<Int>] = []
        var checksum = 0.0
    }

    private func guidedChunks(threads: Int, units: Int, minimumChunk: Int) -> [Range<Int>] {
        let pool = sl_pool_create(Int32(threads))
        defer { sl_pool_destroy(pool) }
        let log = ChunkLog()
        let context = Unmanaged.passUnretained(log).toOpaque()
        sl_pool_run_guided(pool, { context, begin, end in
            let log = Unmanaged<ChunkLog>.fromOpaque(context!).takeUnretainedValue()
            // A little work per unit, so that both threads take part.
            var sink = 0.0
            for unit in begin..<end { sink += sin(Double(unit)) }
            log.lock.lock()
            log.chunks.append(Int(begin)..<Int(end))
            log.checksum += sink
            log.lock.unlock()
        }, context, Int32(units), Int32(minimumChunk))
        return log.chunks
    }

    func testGuidedChunksCoverEveryUnitOnceLargestFirst() {
        for threads in [1, 2, 3] {
            for (units, minimumChunk) in [(1, 1), (7, 1), (84, 1), (1456, 7), (1000, 40), (5, 8)] {
                let chunks = guidedChunks(threads: threads, units: units, minimumChunk: minimumChunk)
                let label = "\(threads) threads, \(units) units, chunks of at least \(minimumChunk)"
                let sorted = chunks.sorted { $0.lowerBound < $1.lowerBound }
                XCTAssertEqual(sorted.first?.lowerBound, 0, label)
                XCTAssertEqual(sorted.last?.upperBound, units, label)
                for (chunk, next) in zip(sorted, sorted.dropFirst()) {
                    XCTAssertEqual(chunk.upperBound, next.lowerBound, "\(label): gap or overlap at \(chunk)")
                }
                // Claimed from the front, each a share of what was left: never larger than the
                // one before it, and below the minimum only as the job's last units.
                for (chunk, next) in zip(sorted, sorted.dropFirst()) {
                    XCTAssertLessThanOrEqual(next.count, chunk.count, "\(label): \(sorted)")
                }
                for chunk in sorted where chunk.count < minimumChunk {
                    XCTAssertEqual(chunk.upperBound, units, "\(label): \(chunk) is short but not last")
                }
                if threads > 1, units >= 4 * threads * minimumChunk {
                    XCTAssertEqual(sorted.first?.count, units / (2 * threads), "\(label): the first chunk")
                }
                if threads == 1 || units <= minimumChunk {
                    XCTAssertEqual(chunks, [0..<units], "\(label): run as one chunk on the caller")
                }
            }
        }
    }

    private func ramp(_ count: Int, scale: Float, offset: Float) -> [Float] {
        (0..<count).map { Float(($0 * 37) % 23) * scale + offset }
    }

    /// One convolution + Clip(0, 6) on an image of `channels` × `size` × `size`.
    private func convolution(channels: Int, outputs: Int, size: Int, kernel: Int, depthwise: Bool) -> Model {
        let weightShape = [outputs, depthwise ? 1 : channels, kernel, kernel]
        let pad = kernel / 2
        var attributes: [String: Attribute] = ["pads": .ints([pad, pad, pad, pad])]
        if depthwise { attributes["group"] = .int(channels) }
        let graph = Graph(
            name: "layer",
            nodes: [
                Node(name: "conv", opType: "Conv", inputs: ["x", "w", "b"], outputs: ["c"], attributes: attributes),
                Node(name: "clip", opType: "Clip", inputs: ["c", "zero", "six"], outputs: ["y"]),
            ],
            initializers: [
                "w": Tensor(shape: weightShape, floats: ramp(Tensor.elementCount(of: weightShape), scale: 0.01, offset: -0.1)),
                "b": Tensor(shape: [outputs], floats: ramp(outputs, scale: 0.05, offset: -0.3)),
                "zero": Tensor(shape: [], floats: [0]),
                "six": Tensor(shape: [], floats: [6]),
            ],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [1, channels, size, size].map { .fixed($0) })],
            outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil)])
        return Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
    }

    func testALayerGivesTheSameBitsWithAnyThreadCount() throws {
        // Lite0's 14×14 expansion (13 column panels, the last of 4 columns), a 13×13 one (the
        // last panel of 9), a 7×7 one (rows split), and depthwise layers of 14×14 and 56×56.
        let layers: [(channels: Int, outputs: Int, size: Int, kernel: Int, depthwise: Bool)] = [
            (112, 672, 14, 1, false), (80, 480, 13, 1, false), (192, 1152, 7, 1, false), (672, 112, 14, 1, false),
            (672, 672, 14, 3, true), (144, 144, 56, 3, true), (480, 480, 14, 5, true),
        ]
        for layer in layers {
            let model = convolution(channels: layer.channels, outputs: layer.outputs, size: layer.size,
                                    kernel: layer.kernel, depthwise: layer.depthwise)
            let shape = [1, layer.channels, layer.size, layer.size]
            let input = Tensor(shape: shape, floats: ramp(Tensor.elementCount(of: shape), scale: 0.1, offset: -1))
            var outputs: [[Float]] = []
            for threads in [1, 2, 3] {
                let session = try InferenceSession(model: model, options: SessionOptions(threads: threads))
                outputs.append(try XCTUnwrap(session.run(["x": input])["y"]).floats)
            }
            XCTAssertGreaterThan(Set(outputs[0]).count, 100, "\(layer): the output varies")
            XCTAssertEqual(outputs[1], outputs[0], "\(layer): 2 threads against 1")
            XCTAssertEqual(outputs[2], outputs[0], "\(layer): 3 threads against 1")
        }
    }
}
