// FeaturePrint: an image's visual fingerprint — a classifier's penultimate activations scaled
// to unit length — and the distance between two of them, the basis of "find similar photos".

/// A unit-length vector describing what an image looks like to a classifier (1280 numbers for
/// EfficientNet-Lite0). Images that look alike have feature prints a small distance apart.
public struct FeaturePrint: Sendable, Equatable, Codable {
    /// The L2-normalised values: their squares sum to 1 (all zero only if the activations were).
    public let values: [Float]

    /// Scales `activations` to unit length. All-zero activations stay zero.
    public init(activations: [Float]) {
        var sumOfSquares = 0.0
        for value in activations { sumOfSquares += Double(value) * Double(value) }
        let norm = sumOfSquares.squareRoot()
        values = norm > 0 ? activations.map { Float(Double($0) / norm) } : activations
    }

    /// How many numbers the print has.
    public var count: Int { values.count }

    /// The Euclidean distance between the two prints: 0 for the same image, √2 for unrelated
    /// (orthogonal) prints, at most 2. It equals √(2 − 2·cos) of the angle between them.
    ///
    /// - Throws: `FeaturePrintError.differentLengths` when the prints come from different models.
    public func distance(to other: FeaturePrint) throws(FeaturePrintError) -> Float {
        guard count == other.count else {
            throw FeaturePrintError.differentLengths(count, other.count)
        }
        var sum = 0.0
        for index in values.indices {
            let difference = Double(values[index]) - Double(other.values[index])
            sum += difference * difference
        }
        return Float(sum.squareRoot())
    }
}

/// Why two feature prints cannot be compared.
public enum FeaturePrintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The prints have different lengths, so they come from different models.
    case differentLengths(Int, Int)

    public var description: String {
        switch self {
        case let .differentLengths(left, right):
            return "Feature prints of \(left) and \(right) numbers cannot be compared: "
                + "compute both with the same model."
        }
    }
}
