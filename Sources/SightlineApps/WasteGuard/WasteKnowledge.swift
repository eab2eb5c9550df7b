// WasteKnowledge: everything WasteGuard knows besides its model, read once from the bundled
// `waste/` folder — the classes (the original app's 20, then the ones Sightline added), the bins
// and their symbols, the municipalities' disposal rules and the texts — and checked so that every
// rule names a known class and bin.
import Foundation

/// WasteGuard's classes, bins, disposal rules and texts.
public struct WasteKnowledge: Sendable {
    public static let classesFile = "waste/classes.tsv"
    public static let binsFile = "waste/bins.tsv"
    public static let municipalitiesFolder = "waste/municipalities"
    public static let textsFile = "waste/texts.json"
    /// How many classes the original app's model had; they come first, in its output order.
    public static let originalClassCount = 20

    /// Every class in `classes.tsv` order: the original 20, then Sightline's additions.
    public let classes: [WasteClass]
    /// The disposal destinations in the data file's order.
    public let bins: [WasteBin]
    /// Every municipality, the default first, then by id.
    public let municipalities: [Municipality]
    public let texts: WasteTexts

    /// The bundled data, read and checked on first use.
    public static func bundled() throws -> WasteKnowledge {
        try bundledKnowledge.get()
    }

    private static let bundledKnowledge = Result { try WasteKnowledge.readBundle() }

    /// Reads and checks the bundled `waste/` folder.
    private static func readBundle() throws -> WasteKnowledge {
        let folder = AppResources.url(municipalitiesFolder)
        let municipalityFiles: [String]
        do {
            municipalityFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw AppDataError.unreadable(file: municipalitiesFolder, reason: error.localizedDescription)
        }
        let municipalities = try municipalityFiles.map { name in
            let path = "\(municipalitiesFolder)/\(name)"
            return (file: path, municipality: try decode(Municipality.self, from: AppResources.data(path), file: path))
        }
        return try WasteKnowledge(classRows: AppResources.tableRows(classesFile), binRows: AppResources.tableRows(binsFile),
                                  municipalities: municipalities,
                                  texts: decode(WasteTexts.self, from: AppResources.data(textsFile), file: textsFile))
    }

    /// Builds and checks the knowledge from parsed files.
    ///
    /// - Parameter municipalities: each municipality with the file it came from.
    /// - Throws: `AppDataError.malformed` when the classes are fewer than the original 20, not
    ///   indexed 0, 1, … in order or not unique labels, a bin lacks a field, a municipality's id
    ///   differs from its file name, it does not have exactly one rule per class, a rule names an
    ///   unknown bin, or not exactly one municipality is the default.
    public init(classRows: [[String: String]], binRows: [[String: String]],
                municipalities: [(file: String, municipality: Municipality)], texts: WasteTexts) throws {
        var classes: [WasteClass] = []
        for (offset, row) in classRows.enumerated() {
            func field(_ name: String) throws -> String {
                guard let value = row[name], !value.isEmpty else {
                    throw AppDataError.malformed(file: Self.classesFile, reason: "class \(offset) has no '\(name)'")
                }
                return value
            }
            guard Int(try field("index")) == offset else {
                throw AppDataError.malformed(file: Self.classesFile, reason: "row \(offset + 1) should be class \(offset)")
            }
            let organic = try field("organic")
            guard organic == "true" || organic == "false" else {
                throw AppDataError.malformed(file: Self.classesFile, reason: "class \(offset)'s 'organic' is '\(organic)', not true or false")
            }
            classes.append(WasteClass(
                index: offset, label: try field("label"), isOrganic: organic == "true",
                displayName: LocalizedText(en: try field("en"), de: try field("de"), uk: try field("uk")),
                imageNetLabels: (row["imagenet"] ?? "").split(separator: "|").map(String.init)))
        }
        guard classes.count >= Self.originalClassCount, Set(classes.map(\.label)).count == classes.count else {
            throw AppDataError.malformed(file: Self.classesFile, reason: "it must list the original \(Self.originalClassCount) "
                + "classes and any others, each label once; it lists \(classes.count) (\(Set(classes.map(\.label)).count) different)")
        }

        let bins = try binRows.enumerated().map { offset, row in
            guard let id = row["id"], !id.isEmpty, let english = row["en"], !english.isEmpty,
                  let color = row["color"], color.count == 7, color.hasPrefix("#"),
                  let symbol = row["symbol"], !symbol.isEmpty else {
                throw AppDataError.malformed(file: Self.binsFile, reason: "row \(offset + 1) lacks an id, an English name, a #RRGGBB colour or a symbol")
            }
            return WasteBin(id: id, name: LocalizedText(en: english, de: row["de"], uk: row["uk"]), color: color, symbolFile: symbol)
        }
        let binIDs = Set(bins.map(\.id))
        guard binIDs.count == bins.count else {
            throw AppDataError.malformed(file: Self.binsFile, reason: "a bin id is listed twice")
        }

        let labels = classes.map(\.label)
        for (file, municipality) in municipalities {
            let expectedID = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            guard municipality.id == expectedID else {
                throw AppDataError.malformed(file: file, reason: "its id is '\(municipality.id)', but the file name says '\(expectedID)'")
            }
            let ruleLabels = municipality.rules.map(\.label)
            guard ruleLabels.count == labels.count, Set(ruleLabels) == Set(labels) else {
                let missing = labels.filter { !ruleLabels.contains($0) }
                let extra = ruleLabels.filter { !labels.contains($0) }
                throw AppDataError.malformed(file: file, reason: "it needs exactly one rule for each of the \(labels.count) classes "
                    + "(\(ruleLabels.count) rules; missing: \(missing.joined(separator: ", ")); unknown: \(extra.joined(separator: ", ")))")
            }
            for rule in municipality.rules {
                if let unknown = ([rule.bin] + rule.alternatives).first(where: { !binIDs.contains($0) }) {
                    throw AppDataError.malformed(file: file, reason: "the rule for '\(rule.label)' names the bin '\(unknown)', which \(Self.binsFile) does not list")
                }
            }
        }
        let defaults = municipalities.filter(\.municipality.isDefault)
        guard defaults.count == 1 else {
            throw AppDataError.malformed(file: Self.municipalitiesFolder, reason:
                "exactly one municipality must be the default; \(defaults.count) are (\(defaults.map(\.municipality.id).joined(separator: ", ")))")
        }

        self.classes = classes
        self.bins = bins
        self.municipalities = municipalities.map(\.municipality)
            .sorted { ($0.isDefault ? 0 : 1, $0.id) < ($1.isDefault ? 0 : 1, $1.id) }
        self.texts = texts
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw AppDataError.malformed(file: file, reason: "\(error)")
        }
    }

    // MARK: Lookups

    /// The class with model label `label`, or nil.
    public func wasteClass(label: String) -> WasteClass? {
        classes.first { $0.label == label }
    }

    /// The bin with this id, or nil.
    public func bin(id: String) -> WasteBin? {
        bins.first { $0.id == id }
    }

    /// The municipality used when the user has chosen none (Ulm / Alb-Donau).
    public var defaultMunicipality: Municipality {
        municipalities[0]
    }

    /// The municipality with this id, or nil.
    public func municipality(id: String) -> Municipality? {
        municipalities.first { $0.id == id }
    }

    /// The SVG text of `bin`'s symbol.
    ///
    /// - Throws: `AppDataError.unreadable` when the file is missing.
    public func symbolSVG(of bin: WasteBin) throws -> String {
        try AppResources.text(bin.symbolPath)
    }
}
