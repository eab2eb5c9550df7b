// ObjectCategories: the Object Recognizer's class data — the broad categories in display order
// (recognizer/categories.tsv), the category of each of the 1000 ImageNet classes
// (recognizer/imagenet-categories.tsv) and each class's display name in the apps' languages
// (recognizer/imagenet-labels.tsv) — read once and checked for completeness.
public import SightlineVision

/// Which broad category each ImageNet class belongs to.
public struct ObjectCategories: Sendable {
    /// The data file listing the categories.
    public static let categoriesFile = "recognizer/categories.tsv"
    /// The data file giving each class's category.
    public static let classesFile = "recognizer/imagenet-categories.tsv"
    /// The data file giving each class's name in English, German and Ukrainian.
    public static let labelNamesFile = "recognizer/imagenet-labels.tsv"

    /// Every category, in the order a list or a grouped history shows them.
    public let categories: [ObjectCategory]
    /// The class labels by class index (model output order), as the data file gives them.
    public let classLabels: [String]
    /// Each class's display name in the apps' languages, by class index.
    public let labelNames: [LocalizedText]
    /// The position in `categories` of each class's category, by class index.
    private let categoryPositionByClass: [Int]
    private let positionByID: [String: Int]

    /// The bundled data files, read on first use.
    public static func bundled() throws -> ObjectCategories {
        try bundledCategories.get()
    }

    private static let bundledCategories = Result {
        try ObjectCategories(categoryRows: AppResources.tableRows(categoriesFile),
                             classRows: AppResources.tableRows(classesFile),
                             labelNameRows: AppResources.tableRows(labelNamesFile))
    }

    /// Builds the table from the rows of the three data files (header → value). Without
    /// `labelNameRows` every class is named by its English label in every language.
    ///
    /// - Throws: `AppDataError.malformed` for a missing column, a duplicate or unknown
    ///   category, class indices that are not 0, 1, 2, … in order, a category no class uses, or a
    ///   name table that does not give every class its label and a German and Ukrainian name.
    public init(categoryRows: [[String: String]], classRows: [[String: String]],
                labelNameRows: [[String: String]]? = nil) throws {
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
        labelNames = try labelNameRows.map { try Self.names(labels: labels, rows: $0) }
            ?? labels.map { LocalizedText(en: $0, de: $0, uk: $0) }
    }

    /// The display names of `labels` from the name table's rows, checked row by row.
    private static func names(labels: [String], rows: [[String: String]]) throws -> [LocalizedText] {
        guard rows.count == labels.count else {
            throw AppDataError.malformed(file: labelNamesFile, reason: "it names \(rows.count) classes, the categories have \(labels.count)")
        }
        return try zip(labels, rows).enumerated().map { index, pair in
            let (label, row) = pair
            guard row["index"].flatMap(Int.init) == index, row["en"] == label else {
                throw AppDataError.malformed(file: labelNamesFile, reason:
                    "row \(index + 1) should be class \(index) '\(label)', found \(row["index"] ?? "") '\(row["en"] ?? "")'")
            }
            guard let german = row["de"], !german.isEmpty, let ukrainian = row["uk"], !ukrainian.isEmpty else {
                throw AppDataError.malformed(file: labelNamesFile, reason: "class \(index) (\(label)) has no German or Ukrainian name")
            }
            return LocalizedText(en: label, de: german, uk: ukrainian)
        }
    }

    /// The display names of the classes of `observations`, in their order.
    public func names(of observations: [ClassificationObservation]) -> [LocalizedText] {
        observations.map { labelNames.indices.contains($0.index) ? labelNames[$0.index] : LocalizedText(en: $0.label) }
    }

    /// The display name of class `index` in `language` ("class N" outside the table).
    public func labelName(ofClass index: Int, in language: Language) -> String {
        labelNames.indices.contains(index) ? labelNames[index].text(in: language) : "class \(index)"
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
