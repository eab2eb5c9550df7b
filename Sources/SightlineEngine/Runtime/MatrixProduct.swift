// MatrixProduct: the engine's packed GEMM offered to code outside the graph runtime — the
// trainers' forward and backward passes multiply activations, gradients and weights with the
// same kernels that run the models. Either operand may be read transposed (through its
// strides), so a backward pass needs no transposed copies.
import CSightlineKernels

/// C (m × n) = op(A) (m × k) · op(B) (k × n). C is overwritten: the kernels sum long products
/// in C block by block, so C cannot also be an input of the product.
public enum MatrixProduct {
    /// How a matrix operand is stored.
    public enum Storage: Sendable {
        /// Row-major as used: element (i, j) at i · columns + j.
        case normal
        /// Row-major as its transpose: element (i, j) of the operand at j · rows + i.
        case transposed
    }

    /// Multiplies on the calling thread. `scratch` must hold `scratchCount(m:k:)` floats.
    ///
    /// - Parameters:
    ///   - a: m × k (stored as `aStorage`); b: k × n (stored as `bStorage`); c: m × n row-major.
    public static func multiply(m: Int, n: Int, k: Int,
                                a: UnsafePointer<Float>, _ aStorage: Storage,
                                b: UnsafePointer<Float>, _ bStorage: Storage,
                                c: UnsafeMutablePointer<Float>,
                                scratch: UnsafeMutablePointer<Float>) {
        precondition(m > 0 && n > 0 && k > 0, "a product needs positive sizes, got \(m)×\(k)·\(k)×\(n)")
        let (rsA, csA) = aStorage == .normal ? (k, 1) : (1, m)
        let (rsB, csB) = bStorage == .normal ? (n, 1) : (1, k)
        var epilogue = sl_epilogue(bias: nil, residual: nil, activation: 0, p0: 0, p1: 0, slope: nil)
        sl_gemm(Int32(m), Int32(n), Int32(k), a, rsA, csA, b, rsB, csB, c, n, 1, &epilogue, scratch, nil)
    }

    /// The scratch floats `multiply` needs for an m × k left operand.
    public static func scratchCount(m: Int, k: Int) -> Int {
        Int(sl_gemm_packed_a_size(Int32(m), Int32(k)))
    }
}
