// PhotoIndexJSON: what `sightline index` prints with --json — what an addition did
// (`{"added", "changed", "unchanged"}`), the index's status (`{"total", "pending", "leased",
// "expired", "done", "failed", "workers", "photos_per_second", "rate_window_seconds",
// "recent_failures"}`), a search's matches (`{"query", "matches": [{"id", "file", "label",
// "category", "confidence", "rank"}]}`), the photos most like a query (`{"query", "model",
// "results": [{"id", "file", "distance"}]}`) and the face counts. The server's Library routes
// answer with the same objects, and with one photo's findings (`LibraryPhotoJSON`).
public import SightlineApps
public import SightlineStore

/// `sightline index add --json`.
public struct PhotoIndexAdditionJSON: JSONAnswer, Sendable {
    public var added: Int
    public var changed: Int
    public var unchanged: Int
    /// Files that could not be read, with why.
    public var errors: [FileErrorJSON]

    public struct FileErrorJSON: Encodable, Sendable {
        public var file: String
        public var error: String
    }

    public init(_ addition: PhotoIndexAddition, errors: [(file: String, error: String)]) {
        added = addition.added
        changed = addition.changed
        unchanged = addition.unchanged
        self.errors = errors.map { FileErrorJSON(file: $0.file, error: $0.error) }
    }
}

/// `sightline index status --json`.
public struct PhotoIndexStatusJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LibraryStatus" }

    public struct Worker: Encodable, Sendable {
        public var name: String
        public var leased: Int
    }

    public struct Failure: Encodable, Sendable {
        public var file: String
        public var error: String
    }

    public var total: Int
    public var pending: Int
    public var leased: Int
    public var expired: Int
    public var done: Int
    public var failed: Int
    public var workers: [Worker]
    public var photosPerSecond: Double
    public var rateWindowSeconds: Double
    public var recentFailures: [Failure]

    private enum CodingKeys: String, CodingKey {
        case total, pending, leased, expired, done, failed, workers
        case photosPerSecond = "photos_per_second", rateWindowSeconds = "rate_window_seconds", recentFailures = "recent_failures"
    }

    public init(_ status: PhotoIndexStatus) {
        total = status.total
        pending = status.pending
        leased = status.leased
        expired = status.expired
        done = status.done
        failed = status.failed
        workers = status.workers.map { Worker(name: $0.name, leased: $0.leased) }
        photosPerSecond = status.photosPerSecond
        rateWindowSeconds = status.rateWindow
        recentFailures = status.recentFailures.map { Failure(file: $0.path, error: $0.message) }
    }
}

/// `sightline index search --json`.
public struct PhotoIndexSearchJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LibrarySearch" }

    public struct Match: Encodable, Sendable {
        public var id: Int64
        public var file: String
        public var label: String
        @Nullable public var category: String?
        public var confidence: Double
        public var rank: Int
    }

    public var query: String
    public var matches: [Match]

    public init(query: String, matches: [IndexedPhotoMatch]) {
        self.query = query
        self.matches = matches.map { Match(id: $0.photoID, file: $0.path, label: $0.label, category: $0.category, confidence: $0.confidence, rank: $0.rank) }
    }
}

/// `sightline index similar --json`: the indexed photos nearest to a query photo.
public struct PhotoIndexSimilarJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LibrarySimilar" }

    /// An indexed photo and its distance to the query (as `sightline similar --json` gives it).
    public struct Result: Encodable, Sendable {
        public var id: Int64
        public var file: String
        public var distance: Double
    }

    /// The query photo as the caller named it (a file, or an indexed photo's id).
    public var query: String
    public var model: String
    public var results: [Result]

    public init(query: String, model: String, results: [SimilarLibraryPhoto]) {
        self.query = query
        self.model = model
        self.results = results.map { Result(id: $0.photoID, file: $0.path, distance: Double($0.distance)) }
    }
}

/// `sightline index faces --json`: the analysed photos whose faces were counted.
public struct PhotoIndexFacesJSON: JSONAnswer, Sendable {
    public var photos: Int
    public var withFaces: Int
    public var faces: Int

    private enum CodingKeys: String, CodingKey {
        case photos, withFaces = "with_faces", faces
    }

    public init(photos: Int, withFaces: Int, faces: Int) {
        self.photos = photos
        self.withFaces = withFaces
        self.faces = faces
    }
}
