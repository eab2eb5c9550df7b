// Median: the middle of a set of timings — robust against the odd slow run.

enum Median {
    /// The median of `values` (the mean of the two middle values for an even count).
    static func of(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "the median of no values is undefined")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
