// PhotoIndexStatus: how far the photo index is — photos by state, the leases held now and by
// whom, the rate of the last minutes, the latest failures — as `sightline index status` shows it.
public import Foundation

/// The index's progress at one moment.
public struct PhotoIndexStatus: Sendable, Equatable {
    /// One photo that could not be analysed.
    public struct Failure: Sendable, Equatable {
        public var path: String
        public var message: String
    }

    public var total: Int
    public var pending: Int
    /// Leased and not yet expired.
    public var leased: Int
    /// Leased, but the lease ran out (its worker stopped): claimable again.
    public var expired: Int
    public var done: Int
    public var failed: Int
    /// Workers holding unexpired leases, with how many photos each.
    public var workers: [(name: String, leased: Int)]
    /// Photos done per second over `rateWindow` up to now.
    public var photosPerSecond: Double
    public var rateWindow: TimeInterval
    /// The most recent failures, newest first.
    public var recentFailures: [Failure]

    public static func == (lhs: PhotoIndexStatus, rhs: PhotoIndexStatus) -> Bool {
        lhs.total == rhs.total && lhs.pending == rhs.pending && lhs.leased == rhs.leased && lhs.expired == rhs.expired
            && lhs.done == rhs.done && lhs.failed == rhs.failed && lhs.workers.map(\.name) == rhs.workers.map(\.name)
            && lhs.workers.map(\.leased) == rhs.workers.map(\.leased) && lhs.photosPerSecond == rhs.photosPerSecond
            && lhs.rateWindow == rhs.rateWindow && lhs.recentFailures == rhs.recentFailures
    }
}
