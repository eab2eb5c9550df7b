// WhereItGoes: the sentence that ends every WasteGuard answer about the photo as a whole —
// which bin the waste it describes goes in — and the guidance for a verdict no material rule
// covers (organic waste; waste of no recognised material), in the apps' three languages.

/// Where a whole-photo verdict's waste goes.
enum WhereItGoes {
    /// The bin ids (bins.tsv) for an organic verdict and for waste of no recognised material.
    static let organicBin = "biotonne"
    static let generalBin = "restmuell"

    /// "Where it goes: Packaging: yellow bin or bag (Gelbe Tonne / Gelber Sack).\n"
    static func sentence(bin: String, in language: Language) -> String {
        switch language {
        case .english: "Where it goes: \(bin).\n"
        case .german: "Wohin damit: \(bin).\n"
        case .ukrainian: "Куди викинути: \(bin).\n"
        }
    }

    static let organicReason = LocalizedText(
        en: "Food scraps, peel, coffee grounds and garden waste go in the organic waste bin; remove any packaging first.",
        de: "Speisereste, Schalen, Kaffeesatz und Gartenabfälle gehören in die Biotonne; Verpackungen vorher entfernen.",
        uk: "Харчові залишки, шкірки, кавова гуща й садові відходи йдуть у контейнер для органічних відходів; упаковку спершу приберіть.")

    static let generalReason = LocalizedText(
        en: "Waste that is not organic and not of a recyclable material goes in the general waste bin. If you can tell what an object is made of, its own bin may apply: packaging in the yellow bin, paper in the paper bin, glass in the bottle bank, batteries and electronics to a collection point.",
        de: "Abfall, der weder Bioabfall noch ein Wertstoff ist, gehört in den Restmüll. Wenn Sie erkennen, woraus ein Gegenstand ist, gilt vielleicht eine eigene Tonne: Verpackungen in die Gelbe Tonne, Papier ins Altpapier, Glas in den Altglascontainer, Batterien und Elektrogeräte zu einer Sammelstelle.",
        uk: "Відходи, що не є органічними й не є вторинною сировиною, йдуть у контейнер для змішаних відходів (Restmüll). Якщо видно, з чого зроблено предмет, може підійти інший контейнер: упаковка — у жовтий, папір — у контейнер для макулатури, скло — у контейнер для скла, батарейки й електроніка — до пункту збору.")
}
