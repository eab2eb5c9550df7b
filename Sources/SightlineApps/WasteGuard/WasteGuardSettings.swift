// WasteGuardSettings: WasteGuard's stored preferences — the municipality whose disposal rules
// apply (Ulm / Alb-Donau unless the user chose another) and whether the opt-in tally counts.
public import SightlineStore

/// WasteGuard's settings in the store.
public struct WasteGuardSettings: Sendable {
    /// The setting key of the chosen municipality's id.
    public static let municipalityKey = "wasteguard.municipality"
    /// The setting key of the tally opt-in ("on" or "off"; absent means off).
    public static let tallyKey = "wasteguard.tally"

    public let store: any Store
    public let knowledge: WasteKnowledge

    public init(store: any Store, knowledge: WasteKnowledge) {
        self.store = store
        self.knowledge = knowledge
    }

    /// The chosen municipality; the default when none was chosen or the chosen one's rules are
    /// no longer bundled.
    public func municipality() async throws -> Municipality {
        guard let id = try await store.settings.value(for: Self.municipalityKey) else { return knowledge.defaultMunicipality }
        return knowledge.municipality(id: id) ?? knowledge.defaultMunicipality
    }

    /// Chooses the municipality `id`.
    ///
    /// - Throws: `WasteGuardError.unknownMunicipality`.
    public func setMunicipality(_ id: String) async throws {
        guard knowledge.municipality(id: id) != nil else {
            throw WasteGuardError.unknownMunicipality(id: id, known: knowledge.municipalities.map(\.id))
        }
        try await store.settings.setValue(id, for: Self.municipalityKey)
    }

    /// Whether the user opted in to the tally.
    public func isTallyEnabled() async throws -> Bool {
        try await store.settings.value(for: Self.tallyKey) == "on"
    }

    /// Opts in to or out of the tally. Opting out keeps the counts until they are reset.
    public func setTallyEnabled(_ enabled: Bool) async throws {
        try await store.settings.setValue(enabled ? "on" : "off", for: Self.tallyKey)
    }
}
