// KernelVariantTests: on a CPU with AVX-512, the AVX-512 kernels against the AVX2 ones they
// replace there (`sl_kernels_force_avx2`). Every output is the same chain of FMAs in both, so
// the results must be the same bits: GEMMs of whole and partial tiles, one and several depth
// blocks, every vector epilogue (bias, residual, ReLU, Clip, leaky ReLU, PRelu) and C added
// to; the 1×1 expansion into channel blocks over odd pixel counts; and the depthwise
// convolution (3×3 and 5×5, stride 1 and 2, rows of 1 to 33 pixels, odd row counts, a last
// block of four channels). Each GEMM and depthwise result is also checked against a
// double-precision sum. Skipped where the CPU has no AVX-512.

import XCTest
import CSightlineKernels
@testable import SightlineEngine

final class KernelVariantTests: XCTestCase {
    private func requireAVX512() throws {
        guard String(cString: sl_cpu_kernel_isa()) == "avx512" else {
            throw XCTSkip("the CPU has no AVX-512 (kernels: \(String(cString: sl_cpu_kernel_isa())))")
        }
    }

    private func values(_ count: Int, seed: Int) -> [Float] {
        (0..<count).map { Float((($0 + seed) * 7919 + seed * 13) % 211) / 211 - 0.45 }
    }

    /// `body` with the AVX-512 kernels (false) or the AVX2 ones (true).
    private func with<T>(avx2: Bool, _ body: () -> T) -> T {
        let previous = sl_kernels_force_avx2(avx2 ? 1 : 0)
        defer { sl_kernels_force_avx2(previous) }
        return body()
    }

    private struct Product {
        let m, n, k: Int
        let a, b, bias, slope, residual, start: [Float]
    }

    /// C = A·B (added to `start` when `accumulate`), with the epilogue of `activation`.
    private func gemm(_ p: Product, activation: sl_activation, residual: Bool, accumulate: Bool) -> [Float] {
        var c = p.start
        var scratch = [Float](repeating: 0, count: Int(sl_gemm_packed_a_size(Int32(p.m), Int32(p.k))))
        p.bias.withUnsafeBufferPointer { bias in
            p.slope.withUnsafeBufferPointer { slope in
                p.residual.withUnsafeBufferPointer { res in
                    var ep = sl_epilogue(bias: bias.baseAddress, residual: residual ? res.baseAddress : nil,
                                         activation: Int32(activation.rawValue), p0: activation == SL_ACT_LEAKY ? 0.1 : 0,
                                         p1: 0.3, slope: slope.baseAddress)
                    if accumulate {
                        // Depth split in two: the second product adds to the first's C.
                        let half = p.k / 2
                        var packed = [Float](repeating: 0, count: Int(sl_gemm_packed_a_size(Int32(p.m), Int32(p.k))))
                        sl_gemm_pack_a(p.a, p.k, 1, Int32(p.m), Int32(p.k), &packed)
                        sl_gemm_packed_depths(Int32(p.m), Int32(p.n), Int32(p.k), packed, 0, Int32(half), p.b, p.n, 1,
                                              &c, p.n, 1, nil)
                        var rest = [Float](repeating: 0, count: c.count)
                        // B's rows from depth `half` on.
                        Array(p.b[(half * p.n)...]).withUnsafeBufferPointer { lower in
                            sl_gemm_packed_depths(Int32(p.m), Int32(p.n), Int32(p.k), packed, Int32(half), Int32(p.k),
                                                  lower.baseAddress, p.n, 1, &rest, p.n, 1, nil)
                        }
                        c.withUnsafeMutableBufferPointer { out in
                            sl_sum_epilogue(out.baseAddress, rest, p.n, Int32(p.m), Int32(p.n), 0, &ep,
                                            residual ? res.baseAddress : nil, p.n)
                        }
                        return
                    }
                    sl_gemm(Int32(p.m), Int32(p.n), Int32(p.k), p.a, p.k, 1, p.b, p.n, 1, &c, p.n, 1, &ep, &scratch, nil)
                }
            }
        }
        return c
    }

    private func reference(_ p: Product, activation: sl_activation, residual: Bool) -> [Float] {
        var c = [Float](repeating: 0, count: p.m * p.n)
        for i in 0..<p.m {
            for j in 0..<p.n {
                var sum = 0.0
                for d in 0..<p.k { sum += Double(p.a[i * p.k + d]) * Double(p.b[d * p.n + j]) }
                var v = Float(sum) + p.bias[i] + (residual ? p.residual[i * p.n + j] : 0)
                switch activation {
                case SL_ACT_RELU: v = max(v, 0)
                case SL_ACT_CLIP: v = min(max(v, 0), 0.3)
                case SL_ACT_LEAKY: v = v < 0 ? 0.1 * v : v
                case SL_ACT_PRELU: v = v < 0 ? p.slope[i] * v : v
                default: break
                }
                c[i * p.n + j] = v
            }
        }
        return c
    }

    func testGEMMGivesTheBitsOfTheAVX2Kernels() throws {
        try requireAVX512()
        // Whole tiles in pairs and alone, rows 2 and 4 of a last panel, 1-4 columns past the
        // last whole tile (of one row panel or two), a depth of several blocks (256 each), the
        // stem's and a head's shapes.
        let shapes = [(6, 32, 20), (16, 81, 300), (32, 100, 27), (40, 49, 320), (2, 16, 7), (24, 48, 520), (4, 200, 40),
                      (36, 35, 70), (30, 18, 33)]
        let activations = [SL_ACT_NONE, SL_ACT_RELU, SL_ACT_CLIP, SL_ACT_LEAKY, SL_ACT_PRELU]
        for (index, (m, n, k)) in shapes.enumerated() {
            let p = Product(m: m, n: n, k: k, a: values(m * k, seed: index), b: values(k * n, seed: index + 50),
                            bias: values(m, seed: index + 90), slope: values(m, seed: index + 91).map { abs($0) },
                            residual: values(m * n, seed: index + 92), start: [Float](repeating: 0, count: m * n))
            for activation in activations {
                for residual in [false, true] {
                    for accumulate in [false, true] {
                        let label = "\(m)×\(n)×\(k), activation \(activation.rawValue), residual \(residual), in two parts \(accumulate)"
                        let wide = with(avx2: false) { gemm(p, activation: activation, residual: residual, accumulate: accumulate) }
                        let narrow = with(avx2: true) { gemm(p, activation: activation, residual: residual, accumulate: accumulate) }
                        XCTAssertEqual(wide.map(\.bitPattern), narrow.map(\.bitPattern), label)
                        let expected = reference(p, activation: activation, residual: residual)
                        let worst = zip(wide, expected).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? .infinity
                        XCTAssertLessThan(worst, 1e-5, label)
                    }
                }
            }
        }
    }

    /// The expansion into channel blocks (and the depthwise convolution after it): 16 → 40
    /// channels over planes of 13×11, 7×5 and 4×3 pixels (strips of six in pairs, a lone whole
    /// strip, a last partial one), two panels at once and one (the range cut at a panel's
    /// second block).
    func testExpansionIntoBlocksGivesTheBitsOfTheAVX2Kernels() throws {
        try requireAVX512()
        for (height, width) in [(13, 11), (7, 5), (4, 3)] {
            for activation in [SL_ACT_CLIP, SL_ACT_NONE, SL_ACT_PRELU] {
                for ranges in [[0..<40], [0..<24, 24..<40]] {
                    let label = "\(height)×\(width), activation \(activation.rawValue), ranges \(ranges)"
                    let wide = with(avx2: false) {
                        expandAndConvolve(height: height, width: width, activation: activation, ranges: ranges)
                    }
                    let narrow = with(avx2: true) {
                        expandAndConvolve(height: height, width: width, activation: activation, ranges: ranges)
                    }
                    XCTAssertEqual(wide.map(\.bitPattern), narrow.map(\.bitPattern), label)
                    XCTAssertFalse(wide.contains { $0.isNaN }, "\(label): an output was not written")
                }
            }
        }
    }

    /// `ranges` of the 40 inner channels, in a buffer of every block: the whole range takes its
    /// first two panels at once on AVX-512.
    private func expandAndConvolve(height: Int, width: Int, activation: sl_activation, ranges: [Range<Int>]) -> [Float] {
        let (channels, inner) = (16, 40)
        var g = sl_conv_geometry(channels: Int32(inner), in_h: Int32(height + 2), in_w: Int32(width),
                                 out_h: Int32(height), out_w: Int32(width), kernel_h: 3, kernel_w: 3, stride_h: 1, stride_w: 1,
                                 dilation_h: 1, dilation_w: 1, pad_top: 1, pad_left: 1)
        let layout = ChannelBlockLayout(channels: inner, rows: height + 2, width: width, geometry: g)
        let blocks = UnsafeMutablePointer<Float>.allocate(capacity: layout.floats)
        defer { blocks.deallocate() }
        blocks.initialize(repeating: 0, count: layout.floats)
        let packed = UnsafeMutablePointer<Float>.allocate(capacity: Int(sl_pointwise_blocked_packed_size(Int32(inner), Int32(channels))))
        defer { packed.deallocate() }
        sl_pointwise_blocked_pack(values(inner * channels, seed: 3), Int32(inner), Int32(channels), packed)
        let input = values(channels * height * width, seed: 4)
        var filters = [Float](repeating: .nan, count: Int(sl_depthwise_blocked_filters_size(Int32(inner), 9)))
        sl_depthwise_blocked_pack_filters(values(inner * 9, seed: 5), Int32(inner), 9, &filters)
        let bias = values(inner, seed: 6), slope = values(inner, seed: 7).map { abs($0) }
        var output = [Float](repeating: .nan, count: inner * height * width)
        bias.withUnsafeBufferPointer { bias in
            slope.withUnsafeBufferPointer { slope in
                var ep = sl_epilogue(bias: bias.baseAddress, residual: nil, activation: Int32(activation.rawValue),
                                     p0: 0, p1: 0.4, slope: slope.baseAddress)
                for range in ranges {
                    sl_expand_depthwise_blocked(Int32(channels), packed, &ep, input, height * width, width, Int32(height),
                                                Int32(width), blocks + range.lowerBound / 16 * 2 * layout.blockStride,
                                                Int32(layout.blocks), layout.blockStride, layout.rowPixels,
                                                layout.offset(row: 1), filters, &g, &ep, &output,
                                                Int32(range.lowerBound), Int32(range.upperBound), 0)
                }
            }
        }
        return output
    }

    private func depthwise(_ input: [Float], _ weights: [Float], _ bias: [Float], _ g: sl_conv_geometry,
                           activation: sl_activation) -> [Float] {
        var g = g
        var output = [Float](repeating: .nan, count: Int(g.channels * g.out_h * g.out_w))
        bias.withUnsafeBufferPointer { bias in
            var ep = sl_epilogue(bias: bias.baseAddress, residual: nil, activation: Int32(activation.rawValue),
                                 p0: activation == SL_ACT_LEAKY ? 0.1 : 0, p1: 0.5, slope: nil)
            sl_depthwise_conv(input, weights, &output, &g, &ep, nil)
        }
        return output
    }

    private func depthwiseReference(_ input: [Float], _ weights: [Float], _ bias: [Float], _ g: sl_conv_geometry,
                                    activation: sl_activation) -> [Float] {
        let (channels, inH, inW, outH, outW) = (Int(g.channels), Int(g.in_h), Int(g.in_w), Int(g.out_h), Int(g.out_w))
        let (k, stride, pad) = (Int(g.kernel_h), Int(g.stride_h), Int(g.pad_top))
        var output = [Float](repeating: 0, count: channels * outH * outW)
        for c in 0..<channels {
            for y in 0..<outH {
                for x in 0..<outW {
                    var sum = Double(bias[c])
                    for dy in 0..<k {
                        for dx in 0..<k {
                            let iy = y * stride + dy - pad, ix = x * stride + dx - pad
                            guard iy >= 0, iy < inH, ix >= 0, ix < inW else { continue }
                            sum += Double(weights[(c * k + dy) * k + dx]) * Double(input[(c * inH + iy) * inW + ix])
                        }
                    }
                    var v = Float(sum)
                    switch activation {
                    case SL_ACT_RELU: v = max(v, 0)
                    case SL_ACT_CLIP: v = min(max(v, 0), 0.5)
                    case SL_ACT_LEAKY: v = v < 0 ? 0.1 * v : v
                    default: break
                    }
                    output[(c * outH + y) * outW + x] = v
                }
            }
        }
        return output
    }

    func testDepthwiseGivesTheBitsOfTheAVX2Kernels() throws {
        try requireAVX512()
        let channels = 20
        for (kernel, stride) in [(3, 1), (3, 2), (5, 1), (5, 2)] {
            for (height, width) in [(9, 9), (7, 17), (5, 33), (1, 14), (3, 5), (6, 2), (11, 65)] {
                let pad = kernel / 2
                let g = sl_conv_geometry(channels: Int32(channels), in_h: Int32(height), in_w: Int32(width),
                                         out_h: Int32((height + 2 * pad - kernel) / stride + 1),
                                         out_w: Int32((width + 2 * pad - kernel) / stride + 1),
                                         kernel_h: Int32(kernel), kernel_w: Int32(kernel), stride_h: Int32(stride),
                                         stride_w: Int32(stride), dilation_h: 1, dilation_w: 1, pad_top: Int32(pad),
                                         pad_left: Int32(pad))
                let input = values(channels * height * width, seed: height * 100 + width)
                let weights = values(channels * kernel * kernel, seed: kernel), bias = values(channels, seed: 8)
                for activation in [SL_ACT_CLIP, SL_ACT_NONE, SL_ACT_RELU, SL_ACT_LEAKY] {
                    let label = "\(kernel)×\(kernel) stride \(stride), \(height)×\(width), activation \(activation.rawValue)"
                    let wide = with(avx2: false) { depthwise(input, weights, bias, g, activation: activation) }
                    let narrow = with(avx2: true) { depthwise(input, weights, bias, g, activation: activation) }
                    XCTAssertEqual(wide.map(\.bitPattern), narrow.map(\.bitPattern), label)
                    let expected = depthwiseReference(input, weights, bias, g, activation: activation)
                    let worst = zip(wide, expected).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? .infinity
                    XCTAssertLessThan(worst, 1e-5, label)
                }
            }
        }
    }
}
