// WasteMaterials: the names of the materials the TrashNet-trained head reports (cardboard,
// glass, metal, paper, plastic, trash) in each language, from `waste/materials.tsv`.

/// Display names of material labels.
public struct WasteMaterials: Sendable {
    public static let file = "waste/materials.tsv"

    /// Material label → name in each language.
    public let names: [String: LocalizedText]

    public init(names: [String: LocalizedText]) {
        self.names = names
    }

    /// The bundled table, read on first use.
    public static func bundled() throws -> WasteMaterials {
        try bundledMaterials.get()
    }

    private static let bundledMaterials = Result {
        let rows = try AppResources.tableRows(file)
        return WasteMaterials(names: Dictionary(try rows.enumerated().map { offset, row in
            guard let id = row["id"], !id.isEmpty, let english = row["en"], !english.isEmpty else {
                throw AppDataError.malformed(file: file, reason: "row \(offset + 1) has no id or English name")
            }
            return (id, LocalizedText(en: english, de: row["de"], uk: row["uk"]))
        }, uniquingKeysWith: { first, _ in first }))
    }

    /// The name of material `label` in `language`; a label the table lacks is shown as it is.
    public func name(of label: String, in language: Language) -> String {
        names[label]?.text(in: language) ?? label
    }
}
