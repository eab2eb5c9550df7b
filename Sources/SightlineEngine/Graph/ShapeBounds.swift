// ShapeBounds: the largest dimension and element count a model may state for a tensor, shared
// by the initialiser conversion and GraphValidator, so that sizes the kernels cannot index
// (they pass sizes to C as 32-bit integers) are refused when the model is loaded.

enum ShapeBounds {
    /// The largest single dimension: the kernels' 32-bit size arguments.
    static let maximumDimension = Int(Int32.max)
    /// The largest element count, so that the bytes of eight-byte elements can be addressed.
    static let maximumElementCount = Int.max / 8

    /// Why `shape` is out of bounds, or nil when it is not: a dimension above
    /// `maximumDimension`, or non-zero dimensions whose product exceeds `maximumElementCount`
    /// (a zero dimension does not excuse the others: the kernels still compute with them).
    static func problem(with shape: [Int]) -> String? {
        if let huge = shape.first(where: { $0 > maximumDimension }) {
            return "the dimension \(huge) is too large (at most \(maximumDimension))"
        }
        var count = 1
        for size in shape where size > 0 {
            let (product, overflow) = count.multipliedReportingOverflow(by: size)
            guard !overflow, product <= maximumElementCount else {
                return "the element count is too large to represent"
            }
            count = product
        }
        return nil
    }
}
