// DatasetSplit: the stratified, seeded division of each class's photos into a training part
// and a validation part, so validation sees every class in its proportion.

/// Which photos of each class train the classifier and which validate it.
public struct DatasetSplit: Sendable, Equatable {
    /// Per class (in class order), the indices of its photos used for training, ascending.
    public var training: [[Int]]
    /// Per class, the indices of its photos held out for validation, ascending.
    public var validation: [[Int]]

    /// Splits classes of `photoCounts[c]` photos. Each class's photos are shuffled with a
    /// generator for that class (seeded by `seed` and the class index) and
    /// `round(count × validationFraction)` of them are held out — at least one when the
    /// fraction is above zero, and never all: one photo always stays for training.
    ///
    /// - Precondition: `validationFraction` is in 0 ..< 1; a class needs at least 2 photos
    ///   when the fraction is above zero, and 1 otherwise.
    public init(photoCounts: [Int], validationFraction: Double, seed: UInt64) {
        precondition(validationFraction >= 0 && validationFraction < 1,
                     "the validation fraction must be in 0 ..< 1, got \(validationFraction)")
        var training: [[Int]] = []
        var validation: [[Int]] = []
        for (classIndex, count) in photoCounts.enumerated() {
            precondition(count >= (validationFraction > 0 ? 2 : 1), "class \(classIndex) has too few photos (\(count))")
            var heldOut = Int((Double(count) * validationFraction).rounded(.toNearestOrEven))
            if validationFraction > 0 { heldOut = min(max(heldOut, 1), count - 1) }
            var generator = SeededRandomGenerator(seed: seed, stream: UInt64(classIndex))
            let order = generator.shuffled(Array(0 ..< count))
            validation.append(order.prefix(heldOut).sorted())
            training.append(order.dropFirst(heldOut).sorted())
        }
        self.training = training
        self.validation = validation
    }

    /// The number of training photos.
    public var trainingCount: Int { training.reduce(0) { $0 + $1.count } }
    /// The number of validation photos.
    public var validationCount: Int { validation.reduce(0) { $0 + $1.count } }
}
