// WasteGuardMode: WasteGuard's two modes — "Check organic waste" marks only what does not
// belong in the organic bin (red); "Classify objects" marks everything, organic green and
// non-organic red.

/// How WasteGuard reports what it finds.
public enum WasteGuardMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// "Check organic waste": detect everything, report only non-organic objects, boxes red.
    case check
    /// "Classify objects": report every object, organic green, non-organic red.
    case classify

    /// Whether an object of this kind is reported in this mode.
    public func reports(organic: Bool) -> Bool {
        switch self {
        case .check: !organic
        case .classify: true
        }
    }
}
