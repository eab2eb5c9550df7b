// CatBreedMatch: one breed among a cat scan's top results — its encyclopaedia name and the
// classifier's confidence.
import Foundation

/// A breed the classifier proposed for a scan: the encyclopaedia name and a confidence 0…1.
public struct CatBreedMatch: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var confidence: Double

    public init(name: String, confidence: Double) {
        self.name = name
        self.confidence = confidence
    }
}
