// CatScanJSON: a Cat Scanner scan and a saved history entry as JSON, as `sightline cat --json`
// and `sightline cat history --json` print them and `/api/v1/cat` answers.
public import Foundation
public import SightlineApps
public import SightlineStore

/// `{"file", "is_cat", "cat_confidence", "headline", "message", "breeds": [{"name", "confidence"}],
/// "breeds_sure", "history_id"}`: "headline" and "message" in the asked language; "history_id"
/// null when the scan was not saved.
public struct CatScanJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "CatScan" }

    public var file: String
    public var isCat: Bool
    public var catConfidence: Double
    public var headline: String
    public var message: String
    /// The most likely breeds, best first: at most three, none under 5 %.
    public var breeds: [CatBreedMatch]
    public var breedsSure: Bool
    @Nullable public var historyID: Int64?

    public init(_ result: CatScanResult, file: String, historyID: Int64?, language: Language = .english) {
        self.file = file
        isCat = result.isCat
        catConfidence = result.catConfidence
        headline = result.headline(in: language)
        message = result.message.text(in: language)
        breeds = result.breeds
        breedsSure = result.breedsSure
        self.historyID = historyID
    }

    private enum CodingKeys: String, CodingKey {
        case file, isCat = "is_cat", catConfidence = "cat_confidence", headline, message, breeds
        case breedsSure = "breeds_sure", historyID = "history_id"
    }
}

/// `{"id", "created_at" (ISO 8601, UTC), "is_cat", "cat_confidence", "message" (English, as
/// saved), "display_message" (in the asked language), "breeds": [{"name", "confidence"}]}`: a
/// saved scan.
public struct CatScanEntryJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "CatScanEntry" }

    public var id: Int64
    public var createdAt: Date
    public var isCat: Bool
    public var catConfidence: Double
    public var message: String
    public var displayMessage: String
    public var breeds: [CatBreedMatch]

    public init(_ entry: CatScanSummary, language: Language = .english) {
        id = entry.id
        createdAt = entry.createdAt
        isCat = entry.isCat
        catConfidence = entry.catConfidence
        message = entry.message
        displayMessage = CatScanMessage(isCat: entry.isCat).text(in: language)
        breeds = entry.breeds
    }

    private enum CodingKeys: String, CodingKey {
        case id, createdAt = "created_at", isCat = "is_cat", catConfidence = "cat_confidence", message
        case displayMessage = "display_message", breeds
    }
}

/// `{"scans": [entry…], "total"}`: a page of the scan history, newest first, and its size.
public struct CatScanListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "CatScanList" }

    public var scans: [CatScanEntryJSON]
    public var total: Int

    public init(scans: [CatScanSummary], total: Int, language: Language = .english) {
        self.scans = scans.map { CatScanEntryJSON($0, language: language) }
        self.total = total
    }
}
