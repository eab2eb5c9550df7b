// SkippedPhoto: a photo of a labelled folder that training or evaluation left out, with the
// reason (unreadable, not a photo, could not be decoded).
public import Foundation

/// A file left out of training or evaluation because it could not be read or decoded.
public struct SkippedPhoto: Sendable, Equatable {
    public var url: URL
    public var reason: String

    public init(url: URL, reason: String) {
        self.url = url
        self.reason = reason
    }
}
