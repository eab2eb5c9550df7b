// ObjectCategories: the Object Recognizer's category data — the broad categories in display
// order (recognizer/categories.tsv) and the category of each of the 1000 ImageNet classes
// (recognizer/imagenet-categories.tsv) — read once and checked for completeness.

/// Which broad category each ImageNet class belongs to.
public struct ObjectCategories: Sendable {
    /// The data file listing the categories.
    public static let categoriesFile = "recognizer/categories.tsv"
    /// The data file giving each class's category.
    public static let classesFile = "recognizer/imagenet-categories.tsv"

    /// Every category, in the order a list or a grouped history shows them.
    public let categories: [ObjectCategory]
    /// The class labels by class index (model output order), as the data file gives them.
    public let classLabels: [String]
    /// The position in `categories` of each class's category, by class index.
    private let categoryPositionByClass: [Int]
    private let positionByID: [String: Int]

    /// The bundled data files, read on first use.
    public static func bundled() throws -> ObjectCategories {
        try bundledCategories.get()
    }

    private static let bundledCategories = Result {
        try ObjectCategories(categoryRows: AppResources.tableRows(categoriesFile),
                             classRows: AppResources.tableRows(classesFile))
    }

    /// Builds the table from the rows of the two data files (header → value).
    ///
    /// - Throws: `AppDataError.malformed` for a missing column, a duplicate or unknown
    ///   category, class indices that are not 0, 1, 2, … in order, or a category no class uses.
    public init(categoryRows: [[String: String]], classRows: [[String: String]]) throws {
        func malformed(_ file: String, _ reason: String) -> AppDataError {
            .malformed(file: file, reason: reason)
        }
        var categories: [ObjectCategory] = []
        var positionByID: [String: Int] = [:]
        for (offset, row) in categoryRows.enumerated() {
            guard let id = row["id"], !id.isEmpty, let english = row["en"], !english.isEmpty else {
                throw malformed(Self.categoriesFile, "row \(offset + 1) has no id or English name")
            }
            guard positionByID[id] == nil else {
                throw malformed(Self.categoriesFile, "the category '\(id)' is listed twice")
            }
            positionByID[id] = categories.count
            categories.append(ObjectCategory(id: id, name: LocalizedText(en: english, de: row["de"], uk: row["uk"])))
        }
        guard !categories.isEmpty else { throw malformed(Self.categoriesFile, "it lists no category") }

        var labels: [String] = []
        var positions: [Int] = []
        for (offset, row) in classRows.enumerated() {
            guard let index = row["index"].flatMap(Int.init), index == offset else {
                throw malformed(Self.classesFile, "row \(offset + 1) should be class \(offset), found index '\(row["index"] ?? "")'")
            }
            guard let label = row["label"], !label.isEmpty else {
                throw malformed(Self.classesFile, "class \(index) has no label")
            }
            guard let categoryID = row["category"], let position = positionByID[categoryID] else {
                throw malformed(Self.classesFile,
                                "class \(index) (\(label)) has the category '\(row["category"] ?? "")', which \(Self.categoriesFile) does not list")
            }
            labels.append(label)
            positions.append(position)
        }
        let used = Set(positions)
        if let unused = categories.indices.first(where: { !used.contains($0) }) {
            throw malformed(Self.categoriesFile, "no class belongs to the category '\(categories[unused].id)'")
        }
        self.categories = categories
        self.positionByID = positionByID
        classLabels = labels
        categoryPositionByClass = positions
    }

    /// The category of class `index`, or nil for an index outside the table.
    public func category(ofClass index: Int) -> ObjectCategory? {
        guard categoryPositionByClass.indices.contains(index) else { return nil }
        return categories[categoryPositionByClass[index]]
    }

    /// The category with this id, or nil.
    public func category(id: String) -> ObjectCategory? {
        positionByID[id].map { categories[$0] }
    }

    /// The category's position in display order (for sorting), or nil for an unknown id.
    public func displayPosition(ofCategory id: String) -> Int? {
        positionByID[id]
    }
}
