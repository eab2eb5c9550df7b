// WasteMaterials: the materials the TrashNet-trained head reports (cardboard, glass, metal, paper,
// plastic, trash) — their names in each language and the WasteGuard class each one is, from
// `waste/materials.tsv`. A region the heads find foreign is named by its material's class.

/// Display names and WasteGuard classes of material labels.
public struct WasteMaterials: Sendable {
    public static let file = "waste/materials.tsv"

    /// Material label → name in each language.
    public let names: [String: LocalizedText]
    /// Material label → the WasteGuard class label it is ("cardboard" → "paper"); TrashNet's
    /// catch-all "trash" has none.
    public let classLabels: [String: String]

    public init(names: [String: LocalizedText], classLabels: [String: String] = [:]) {
        self.names = names
        self.classLabels = classLabels
    }

    /// The bundled table, read on first use.
    public static func bundled() throws -> WasteMaterials {
        try bundledMaterials.get()
    }

    private static let bundledMaterials = Result {
        let rows = try AppResources.tableRows(file)
        var names: [String: LocalizedText] = [:]
        var classLabels: [String: String] = [:]
        for (offset, row) in rows.enumerated() {
            guard let id = row["id"], !id.isEmpty, let english = row["en"], !english.isEmpty else {
                throw AppDataError.malformed(file: file, reason: "row \(offset + 1) has no id or English name")
            }
            names[id] = names[id] ?? LocalizedText(en: english, de: row["de"], uk: row["uk"])
            if let label = row["class"], !label.isEmpty { classLabels[id] = classLabels[id] ?? label }
        }
        return WasteMaterials(names: names, classLabels: classLabels)
    }

    /// The name of material `label` in `language`; a label the table lacks is shown as it is.
    public func name(of label: String, in language: Language) -> String {
        names[label]?.text(in: language) ?? label
    }

    /// The WasteGuard class material `label` is, or nil when it names none.
    public func wasteClass(of label: String, knowledge: WasteKnowledge) -> WasteClass? {
        classLabels[label].flatMap(knowledge.wasteClass(label:))
    }
}
