// FeatureMatrix: a dense table of feature vectors, one row per example — what the trainer
// extracts from photos and what logistic regression is fitted on.

/// `rows` × `columns` Float values, row-major.
public struct FeatureMatrix: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    public private(set) var values: [Float]

    /// - Precondition: `values.count == rows * columns`, `columns ≥ 1`.
    public init(rows: Int, columns: Int, values: [Float]) {
        precondition(columns >= 1 && rows >= 0, "a feature matrix needs at least one column, got \(rows)×\(columns)")
        precondition(values.count == rows * columns, "\(rows)×\(columns) features need \(rows * columns) values, got \(values.count)")
        self.rows = rows
        self.columns = columns
        self.values = values
    }

    /// Stacks equally long vectors as rows.
    ///
    /// - Precondition: every vector has `columns` values.
    public init(rowVectors: [[Float]], columns: Int) {
        precondition(rowVectors.allSatisfy { $0.count == columns }, "every row must have \(columns) values")
        self.init(rows: rowVectors.count, columns: columns, values: rowVectors.flatMap { $0 })
    }

    /// Row `index` as an array.
    public func row(_ index: Int) -> [Float] {
        Array(values[index * columns ..< (index + 1) * columns])
    }

    /// The rows at `indices`, in that order.
    public func selecting(rows indices: [Int]) -> FeatureMatrix {
        var selected: [Float] = []
        selected.reserveCapacity(indices.count * columns)
        for index in indices { selected.append(contentsOf: values[index * columns ..< (index + 1) * columns]) }
        return FeatureMatrix(rows: indices.count, columns: columns, values: selected)
    }

    /// This matrix's rows followed by `other`'s.
    public func appending(_ other: FeatureMatrix) -> FeatureMatrix {
        precondition(other.columns == columns, "cannot stack \(other.columns) columns under \(columns)")
        return FeatureMatrix(rows: rows + other.rows, columns: columns, values: values + other.values)
    }
}
