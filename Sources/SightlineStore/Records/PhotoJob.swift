// PhotoJob: one photo a worker has leased from the photo index, to analyse and then record or
// report as failed (or give back to be tried again) while the lease lasts.
public import Foundation

/// A leased photo.
public struct PhotoJob: Sendable, Equatable {
    public var id: Int64
    public var path: String
    /// The SHA-256 the file had when it was added: a worker that reads other bytes reports the
    /// photo changed rather than record findings for a file the index does not describe.
    public var contentHash: Data
    /// How many times the photo has been leased, this lease included.
    public var attempts: Int
}

extension PhotoJob {
    /// Why a photo failed whose lease ran out `attempts` times: its worker stopped while
    /// analysing it each time.
    static func abandonedMessage(attempts: Int) -> String {
        "Its worker stopped while analysing it \(attempts == 1 ? "once" : "\(attempts) times") (killed, crashed or out of memory)."
    }
}
