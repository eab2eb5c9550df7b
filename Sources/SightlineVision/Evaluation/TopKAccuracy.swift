// TopKAccuracy: counting how often a classifier's best guess (top-1) or any of its five best
// guesses (top-5) is the true class.

/// Running top-1 / top-5 hit counts over labelled photos.
public struct TopKAccuracy: Sendable, Equatable {
    public private(set) var photos = 0
    public private(set) var top1Hits = 0
    public private(set) var top5Hits = 0

    public init() {}

    /// Records one photo: `ranking` is the class indices best first (at least five for a
    /// meaningful top-5); an empty ranking (the photo could not be classified) is a miss.
    public mutating func record(ranking: [Int], truth: Int) {
        photos += 1
        if ranking.first == truth { top1Hits += 1 }
        if ranking.prefix(5).contains(truth) { top5Hits += 1 }
    }

    /// Fraction of photos whose best class is right, 0…1.
    public var top1: Double { photos > 0 ? Double(top1Hits) / Double(photos) : 0 }
    /// Fraction of photos whose right class is among the five best, 0…1.
    public var top5: Double { photos > 0 ? Double(top5Hits) / Double(photos) : 0 }
}
