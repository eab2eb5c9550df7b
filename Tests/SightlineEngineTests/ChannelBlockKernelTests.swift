// ChannelBlockKernelTests: the C kernel that expands an inverted-residual block's input into
// channel blocks and runs the depthwise convolution from them (`sl_expand_depthwise_blocked`)
// against the same two stages on planes (the GEMM, then `sl_depthwise_conv`): with the vector
// and the portable loops, a last pair of only eight channels, a 3×3 stride-2 and a 5×5 window,
// a buffer of every block or of one pair reused, and a channel range cut in two — at a panel's
// end, or at its second block with the second call using the pixels the first one packed.

import XCTest
import CSightlineKernels
@testable import SightlineEngine

final class ChannelBlockKernelTests: XCTestCase {
    private let (channels, inner, height, width) = (24, 40, 13, 11)

    private func ramp(_ count: Int, scale: Float, offset: Float) -> [Float] {
        (0..<count).map { Float(($0 * 37) % 29) * scale + offset }
    }

    private func geometry(kernel: Int, stride: Int) -> sl_conv_geometry {
        let pad = kernel / 2
        return sl_conv_geometry(channels: Int32(inner), in_h: Int32(height), in_w: Int32(width),
                                out_h: Int32((height + 2 * pad - kernel) / stride + 1),
                                out_w: Int32((width + 2 * pad - kernel) / stride + 1),
                                kernel_h: Int32(kernel), kernel_w: Int32(kernel), stride_h: Int32(stride), stride_w: Int32(stride),
                                dilation_h: 1, dilation_w: 1, pad_top: Int32(pad), pad_left: Int32(pad))
    }

    private struct Stages {
        var input, expandWeights, expandBias, depthwiseWeights, depthwiseBias: [Float]
        var clip = sl_epilogue(bias: nil, residual: nil, activation: Int32(SL_ACT_CLIP.rawValue), p0: 0, p1: 6, slope: nil)
    }

    private func stages(kernel: Int) -> Stages {
        Stages(input: ramp(channels * height * width, scale: 0.07, offset: -1),
               expandWeights: ramp(inner * channels, scale: 0.02, offset: -0.25),
               expandBias: ramp(inner, scale: 0.1, offset: -0.5),
               depthwiseWeights: ramp(inner * kernel * kernel, scale: 0.03, offset: -0.35),
               depthwiseBias: ramp(inner, scale: 0.05, offset: -0.3))
    }

    /// The expansion as a GEMM into planes, then the depthwise convolution of the planes.
    private func onPlanes(_ s: Stages, _ g: sl_conv_geometry) -> [Float] {
        var g = g, s = s
        let pixels = height * width
        var expanded = [Float](repeating: 0, count: inner * pixels)
        var scratch = [Float](repeating: 0, count: Int(sl_gemm_packed_a_size(Int32(inner), Int32(channels))))
        var output = [Float](repeating: 0, count: inner * Int(g.out_h * g.out_w))
        s.expandBias.withUnsafeBufferPointer { bias in
            var epilogue = s.clip
            epilogue.bias = bias.baseAddress
            sl_gemm(Int32(inner), Int32(pixels), Int32(channels), s.expandWeights, channels, 1, s.input, pixels, 1,
                    &expanded, pixels, 1, &epilogue, &scratch, nil)
        }
        s.depthwiseBias.withUnsafeBufferPointer { bias in
            var epilogue = s.clip
            epilogue.bias = bias.baseAddress
            sl_depthwise_conv(expanded, s.depthwiseWeights, &output, &g, &epilogue, nil)
        }
        return output
    }

    /// The blocked kernel over channel ranges `ranges`, with a buffer of every block
    /// (`reusePair` false) or of one pair; calls after the first use the pixels it packed when
    /// `pixelsPacked`.
    private func inBlocks(_ s: Stages, _ g: sl_conv_geometry, ranges: [Range<Int>], reusePair: Bool,
                          pixelsPacked: Bool = false) -> [Float] {
        var g = g, s = s
        let padTop = Int(g.pad_top)
        let rows = max(Int(g.out_h - 1) * Int(g.stride_h) + Int(g.kernel_h), padTop + height)
        let layout = ChannelBlockLayout(channels: reusePair ? 16 : inner, rows: rows, width: width, geometry: g)
        let blocks = UnsafeMutablePointer<Float>.allocate(capacity: layout.floats)
        defer { blocks.deallocate() }
        blocks.initialize(repeating: .nan, count: layout.floats)
        layout.clearBorders(blocks, blocks: 0..<layout.blocks)
        layout.clearRows(blocks, rows: 0..<padTop, blocks: 0..<layout.blocks)
        layout.clearRows(blocks, rows: (padTop + height)..<rows, blocks: 0..<layout.blocks)
        g.in_h = Int32(rows)
        let packed = UnsafeMutablePointer<Float>.allocate(capacity: Int(sl_pointwise_blocked_packed_size(Int32(inner), Int32(channels))))
        defer { packed.deallocate() }
        sl_pointwise_blocked_pack(s.expandWeights, Int32(inner), Int32(channels), packed)
        let taps = Int32(g.kernel_h * g.kernel_w)
        var filters = [Float](repeating: .nan, count: Int(sl_depthwise_blocked_filters_size(Int32(inner), taps)))
        sl_depthwise_blocked_pack_filters(s.depthwiseWeights, Int32(inner), taps, &filters)
        var output = [Float](repeating: .nan, count: inner * Int(g.out_h * g.out_w))
        s.expandBias.withUnsafeBufferPointer { expandBias in
            s.depthwiseBias.withUnsafeBufferPointer { depthwiseBias in
                var expandEpilogue = s.clip, depthwiseEpilogue = s.clip
                expandEpilogue.bias = expandBias.baseAddress
                depthwiseEpilogue.bias = depthwiseBias.baseAddress
                for (index, range) in ranges.enumerated() {
                    // The buffer from the first block of the range's first panel.
                    let first = reusePair ? blocks : blocks + range.lowerBound / 16 * 2 * layout.blockStride
                    sl_expand_depthwise_blocked(Int32(channels), packed, &expandEpilogue, s.input, height * width, width,
                                                Int32(height), Int32(width), first, Int32(layout.blocks), layout.blockStride,
                                                layout.rowPixels, layout.offset(row: padTop), filters, &g,
                                                &depthwiseEpilogue, &output, Int32(range.lowerBound), Int32(range.upperBound),
                                                pixelsPacked && index > 0 ? 1 : 0)
                }
            }
        }
        return output
    }

    private func assertClose(_ actual: [Float], _ expected: [Float], _ message: String) {
        XCTAssertEqual(actual.count, expected.count, message)
        let worst = zip(actual, expected).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? .infinity
        XCTAssertLessThan(worst, 1e-5, message)
        XCTAssertFalse(actual.contains { $0.isNaN }, "\(message): an output was not written")
    }

    func testBlocksGiveWhatThePlanesGive() {
        for portable in [false, true] {
            let previous = sl_kernels_force_portable(portable ? 1 : 0)
            defer { sl_kernels_force_portable(previous) }
            for (kernel, stride) in [(3, 2), (5, 1)] {
                let s = stages(kernel: kernel), g = geometry(kernel: kernel, stride: stride)
                let expected = onPlanes(s, g)
                for reusePair in [false, true] {
                    let label = "\(kernel)×\(kernel) stride \(stride), portable \(portable), pair reused \(reusePair)"
                    let whole = inBlocks(s, g, ranges: [0..<inner], reusePair: reusePair)
                    assertClose(whole, expected, label)
                    let cut = inBlocks(s, g, ranges: [0..<16, 16..<inner], reusePair: reusePair)
                    XCTAssertEqual(cut.map(\.bitPattern), whole.map(\.bitPattern), "\(label): the range cut in two")
                    let mid = inBlocks(s, g, ranges: [0..<24, 24..<inner], reusePair: reusePair, pixelsPacked: true)
                    XCTAssertEqual(mid.map(\.bitPattern), whole.map(\.bitPattern), "\(label): cut at a panel's second block")
                }
            }
        }
    }

    func testThePortableSwitchIsReported() {
        let previous = sl_kernels_force_portable(1)
        XCTAssertEqual(sl_kernels_vectorised(), 0)
        XCTAssertEqual(String(cString: sl_cpu_kernel_isa()), "generic")
        sl_kernels_force_portable(previous)
    }
}
