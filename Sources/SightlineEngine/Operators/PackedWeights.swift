// PackedWeights: a constant K x N weight matrix (the right operand of Gemm or MatMul)
// packed once at load time. Products X·W are computed as (Wᵀ·Xᵀ)ᵀ so that the constant
// side is the GEMM's pre-packed operand and the activations are read in place.

import CSightlineKernels

final class PackedWeights {
    /// Rows of Wᵀ (= output features N) and the shared dimension K.
    let features: Int
    let depth: Int
    private let panels: UnsafeMutablePointer<Float>

    /// `element(k, n)` returns W[k, n] (already scaled, transposed as the caller needs).
    init(depth: Int, features: Int, element: (Int, Int) -> Float) {
        self.depth = depth
        self.features = features
        let transposed = UnsafeMutablePointer<Float>.allocate(capacity: max(1, depth * features))
        defer { transposed.deallocate() }
        for n in 0..<features {
            for k in 0..<depth { transposed[n * depth + k] = element(k, n) }
        }
        panels = UnsafeMutablePointer<Float>.allocate(capacity: max(1, Int(sl_gemm_packed_a_size(Int32(features), Int32(depth)))))
        sl_gemm_pack_a(transposed, depth, 1, Int32(features), Int32(depth), panels)
    }

    deinit {
        panels.deallocate()
    }

    /// Y[m, n] = Σ_k X[m, k] · W[k, n] (+ bias[n]) for `rows` rows; X(m, k) is at
    /// x[m * xRowStride + k * xDepthStride] and Y is row-major with N columns.
    func multiply(rows: Int, x: UnsafePointer<Float>, xRowStride: Int, xDepthStride: Int,
                  bias: UnsafePointer<Float>?, into y: UnsafeMutablePointer<Float>, pool: OpaquePointer?) {
        var epilogue = sl_epilogue(bias: bias, residual: nil, activation: Int32(SL_ACT_NONE.rawValue),
                                   p0: 0, p1: 0, slope: nil)
        sl_gemm_packed(Int32(features), Int32(rows), Int32(depth), panels,
                       x, xDepthStride, xRowStride, y, 1, features, &epilogue, pool)
    }
}
