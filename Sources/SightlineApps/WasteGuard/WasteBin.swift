// WasteBin: a disposal destination — a bin (Biotonne, Gelbe Tonne, Altpapier, …) or a
// collection point (batteries, pharmacy, hazardous waste, recycling centre) — with its name,
// UI colour and symbol, as listed in `waste/bins.tsv` and drawn in `waste/symbols/`.

/// Where an object can be disposed of.
public struct WasteBin: Sendable, Hashable, Identifiable {
    /// The stable key ("gelbe-tonne").
    public var id: String
    /// The name in each language, keeping the German bin name ("Paper bin (Altpapier)").
    public var name: LocalizedText
    /// The UI colour, "#RRGGBB".
    public var color: String
    /// The SVG file's name in `waste/symbols/`.
    public var symbolFile: String

    public init(id: String, name: LocalizedText, color: String, symbolFile: String) {
        self.id = id
        self.name = name
        self.color = color
        self.symbolFile = symbolFile
    }

    /// The symbol's path inside the bundled Resources ("waste/symbols/altglas.svg").
    public var symbolPath: String { "waste/symbols/\(symbolFile)" }
}
