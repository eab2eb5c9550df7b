// WasteClass: one of WasteGuard's object classes — its model label, whether it belongs in
// organic waste, the name the app shows for it in each language, and the ImageNet classes that
// honestly are this object (what the detector-less fallback can recognise).

/// One kind of object WasteGuard knows, as listed in `waste/classes.tsv`.
public struct WasteClass: Sendable, Hashable, Identifiable {
    /// The position in `classes.tsv`: the original model's output index for 0–19, Sightline's
    /// additions (material classes, fruit, vegetable, bread) after them.
    public var index: Int
    /// The model label ("kitchen paper").
    public var label: String
    /// True for the classes that belong in organic waste (feather … bone, fruit, vegetable, bread).
    public var isOrganic: Bool
    /// What the app shows ("paper towel" / "Küchenpapier" / "паперовий рушник").
    public var displayName: LocalizedText
    /// ImageNet class labels that are this object; empty when ImageNet has none.
    public var imageNetLabels: [String]

    public init(index: Int, label: String, isOrganic: Bool, displayName: LocalizedText, imageNetLabels: [String]) {
        self.index = index
        self.label = label
        self.isOrganic = isOrganic
        self.displayName = displayName
        self.imageNetLabels = imageNetLabels
    }

    public var id: String { label }
}
