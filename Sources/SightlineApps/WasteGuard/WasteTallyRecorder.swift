// WasteTallyRecorder: WasteGuard's opt-in tally — after an analysis, one count per reported
// object's class label, and only when the user switched the tally on. Counts only: never an
// image, a time or a place.
public import SightlineStore

/// Counts what WasteGuard reports, for users who opted in.
public struct WasteTallyRecorder: Sendable {
    public let settings: WasteGuardSettings

    public init(settings: WasteGuardSettings) {
        self.settings = settings
    }

    /// Adds one to the count of each reported object's class label if the tally is on;
    /// returns whether anything was counted.
    @discardableResult
    public func record(_ report: WasteReport) async throws -> Bool {
        guard try await settings.isTallyEnabled(), !report.items.isEmpty else { return false }
        try await settings.store.wasteTally.increment(report.items.map(\.object.wasteClass.label))
        return true
    }

    /// The counts, most frequent first.
    public func counts() async throws -> [WasteTallyEntry] {
        try await settings.store.wasteTally.counts()
    }

    /// Forgets every count; returns how many labels had one.
    @discardableResult
    public func reset() async throws -> Int {
        try await settings.store.wasteTally.reset()
    }
}
