// WorkSharingTests: how the thread pool shares work out — a guided job's chunks cover every
// unit exactly once, large chunks first, none below the smallest allowed — and that however
// the threads share a layer (GEMM tiles cut part-way down a column panel, depthwise units in
// guided chunks) the layer's output has the same bits with 1, 2 or 3 threads, a product's
// rows computed on their own (as a fused block's tasks do) have the whole product's bits, and a
// product summed from two parts of its depth is the whole product up to rounding.

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
    private func convolution(channels: Int, outputs: Int, size: Int, kernel: Int, depthwise: Bool, stride: Int = 1) -> Model {
        let weightShape = [outputs, depthwise ? 1 : channels, kernel, kernel]
        let pad = kernel / 2
        var attributes: [String: Attribute] = ["pads": .ints([pad, pad, pad, pad]), "strides": .ints([stride, stride])]
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
        // last panel of 9), a 7×7 one (rows split), depthwise layers of 14×14 and 56×56, and
        // Lite2's stem (unfolded in eight bands of 16-17 rows that the threads share out).
        let layers: [(channels: Int, outputs: Int, size: Int, kernel: Int, depthwise: Bool, stride: Int)] = [
            (112, 672, 14, 1, false, 1), (80, 480, 13, 1, false, 1), (192, 1152, 7, 1, false, 1),
            (672, 112, 14, 1, false, 1), (672, 672, 14, 3, true, 1), (144, 144, 56, 3, true, 1),
            (480, 480, 14, 5, true, 1), (3, 32, 260, 3, false, 2),
        ]
        for layer in layers {
            let model = convolution(channels: layer.channels, outputs: layer.outputs, size: layer.size,
                                    kernel: layer.kernel, depthwise: layer.depthwise, stride: layer.stride)
            let shape = [1, layer.channels, layer.size, layer.size]
            let input = Tensor(shape: shape, floats: ramp(Tensor.elementCount(of: shape), scale: 0.1, offset: -1))
            try assertSameBitsWithAnyThreadCount(model, input: input, "\(layer)")
        }
    }

    func testRowsOfAProductHaveTheBitsOfTheWholeProduct() {
        // Lite2's 17×17 expansion (B packed), a shallow 7×7 one (B read in place), a product
        // deeper than one packed block, a matrix-vector product and one without depth.
        let shapes: [(m: Int, k: Int, n: Int)] = [(528, 88, 289), (100, 40, 49), (30, 300, 196), (30, 200, 3), (12, 0, 20)]
        for (m, k, n) in shapes {
            let a = ramp(m * k, scale: 0.01, offset: -0.1), b = ramp(k * n, scale: 0.1, offset: -1)
            let bias = ramp(m, scale: 0.05, offset: -0.3)
            var packed = [Float](repeating: 0, count: max(1, Int(sl_gemm_packed_a_size(Int32(m), Int32(k)))))
            sl_gemm_pack_a(a, k, 1, Int32(m), Int32(k), &packed)
            var whole = [Float](repeating: .nan, count: m * n), parts = whole
            bias.withUnsafeBufferPointer { bias in
                var epilogue = sl_epilogue(bias: bias.baseAddress, residual: nil, activation: Int32(SL_ACT_CLIP.rawValue),
                                           p0: 0, p1: 6, slope: nil)
                sl_gemm_packed(Int32(m), Int32(n), Int32(k), packed, b, n, 1, &whole, n, 1, &epilogue, nil)
                // Uneven shares on whole row panels, the last ending at M.
                let panel = Int(SL_GEMM_PANEL_ROWS)
                var row = 0
                for share in [1, 3, 2, 5] where row < m {
                    let end = min(m, row + share * panel)
                    sl_gemm_packed_rows(Int32(m), Int32(n), Int32(k), packed, Int32(row), Int32(end), b, n, 1,
                                        &parts, n, 1, &epilogue)
                    row = end
                }
                if row < m {
                    sl_gemm_packed_rows(Int32(m), Int32(n), Int32(k), packed, Int32(row), Int32(m), b, n, 1,
                                        &parts, n, 1, &epilogue)
                }
            }
            XCTAssertFalse(whole.contains { $0.isNaN }, "\(m)×\(k)×\(n): every value written")
            XCTAssertEqual(parts, whole, "\(m)×\(k)×\(n)")
            if k > 0 { XCTAssertGreaterThan(Set(whole).count, 10, "\(m)×\(k)×\(n): the output varies") }
        }
    }

    func testAProductSummedFromTwoPartsOfItsDepthIsTheWholeProduct() {
        // A 9×9 projection deeper than two packed blocks, cut part-way through one; a
        // matrix-vector product; and a part with no depth (the other holding all of it).
        let cases: [(m: Int, k: Int, n: Int, cut: Int)] = [(50, 600, 81, 296), (30, 200, 3, 104), (12, 40, 20, 0)]
        for (m, k, n, cut) in cases {
            let a = ramp(m * k, scale: 0.01, offset: -0.1), b = ramp(k * n, scale: 0.1, offset: -1)
            let bias = ramp(m, scale: 0.05, offset: -0.3), residual = ramp(m * n, scale: 0.2, offset: -2)
            var packed = [Float](repeating: 0, count: Int(sl_gemm_packed_a_size(Int32(m), Int32(k))))
            sl_gemm_pack_a(a, k, 1, Int32(m), Int32(k), &packed)
            var whole = [Float](repeating: .nan, count: m * n), summed = whole, partial = whole
            bias.withUnsafeBufferPointer { bias in
                residual.withUnsafeBufferPointer { residual in
                    var epilogue = sl_epilogue(bias: bias.baseAddress, residual: residual.baseAddress,
                                               activation: Int32(SL_ACT_CLIP.rawValue), p0: -1, p1: 6, slope: nil)
                    sl_gemm_packed(Int32(m), Int32(n), Int32(k), packed, b, n, 1, &whole, n, 1, &epilogue, nil)
                    sl_gemm_packed_depths(Int32(m), Int32(n), Int32(k), packed, 0, Int32(cut), b, n, 1, &summed, n, 1, nil)
                    b.withUnsafeBufferPointer { b in
                        sl_gemm_packed_depths(Int32(m), Int32(n), Int32(k), packed, Int32(cut), Int32(k),
                                              b.baseAddress! + cut * n, n, 1, &partial, n, 1, nil)
                    }
                    epilogue.residual = nil
                    sl_sum_epilogue(&summed, partial, n, Int32(m), Int32(n), 0, &epilogue, residual.baseAddress, n)
                }
            }
            let label = "\(m)×\(k)×\(n) cut at \(cut)"
            XCTAssertFalse(summed.contains { $0.isNaN }, "\(label): every value written")
            let worst = zip(summed, whole).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? .infinity
            XCTAssertLessThan(worst, 1e-5, label)
            XCTAssertGreaterThan(Set(whole).count, 10, "\(label): the output varies")
        }
    }
}
