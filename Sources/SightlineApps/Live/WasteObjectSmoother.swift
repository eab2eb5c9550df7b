// WasteObjectSmoother: WasteGuard's live boxes held steady across camera frames. Objects of the
// same class that overlap from frame to frame are one track whose box and confidence move
// smoothly; a track is shown once seen in two frames and kept through two frames in which it
// is missed, so boxes neither flicker in nor blink out (the original app's users complained of
// exactly that).
import SightlineImaging
import SightlineVision

public struct WasteObjectSmoother: Sendable {
    /// How much of a track's box and confidence each new frame keeps.
    public let retention: Double
    /// Overlap (IoU) above which an object continues a track of its class.
    public let matchOverlap: Double
    /// Frames a track must be seen in before it is shown.
    public let framesToShow: Int
    /// Frames a shown track survives without being seen.
    public let framesToKeep: Int

    private struct Track: Sendable {
        var object: WasteObject
        var hits: Int
        var missed: Int
    }

    private var tracks: [Track] = []

    public init(retention: Double = 0.5, matchOverlap: Double = 0.3, framesToShow: Int = 2, framesToKeep: Int = 2) {
        self.retention = min(max(retention, 0), 0.95)
        self.matchOverlap = matchOverlap
        self.framesToShow = max(1, framesToShow)
        self.framesToKeep = max(0, framesToKeep)
    }

    /// Adds one frame's findings and returns them with the smoothed objects, most confident first.
    public mutating func add(_ findings: WasteFindings) -> WasteFindings {
        var unmatched = Array(tracks.indices)
        var updated: [Track] = []
        for object in findings.objects {
            let candidates = unmatched.filter { tracks[$0].object.wasteClass == object.wasteClass }
            let best = candidates.max { overlap(tracks[$0].object, object) < overlap(tracks[$1].object, object) }
            if let best, overlap(tracks[best].object, object) >= matchOverlap {
                unmatched.removeAll { $0 == best }
                updated.append(Track(object: blend(tracks[best].object, object, imageSize: findings.imageSize),
                                     hits: tracks[best].hits + 1, missed: 0))
            } else {
                updated.append(Track(object: object, hits: 1, missed: 0))
            }
        }
        for index in unmatched where tracks[index].hits >= framesToShow && tracks[index].missed < framesToKeep {
            var track = tracks[index]
            track.missed += 1
            updated.append(track)
        }
        tracks = updated
        let shown = tracks.filter { $0.hits >= framesToShow }.map(\.object).sorted { $0.confidence > $1.confidence }
        return WasteFindings(imageSize: findings.imageSize, objects: shown, verdict: findings.verdict)
    }

    /// Forgets the past frames.
    public mutating func reset() {
        tracks = []
    }

    private func overlap(_ a: WasteObject, _ b: WasteObject) -> Double {
        a.boundingBox.intersectionOverUnion(with: b.boundingBox)
    }

    private func blend(_ old: WasteObject, _ new: WasteObject, imageSize: ImageSize) -> WasteObject {
        func mix(_ a: Double, _ b: Double) -> Double { retention * a + (1 - retention) * b }
        let box = PixelRect(x: mix(old.boundingBox.x, new.boundingBox.x), y: mix(old.boundingBox.y, new.boundingBox.y),
                            width: mix(old.boundingBox.width, new.boundingBox.width),
                            height: mix(old.boundingBox.height, new.boundingBox.height))
        return WasteObject(wasteClass: new.wasteClass, confidence: mix(old.confidence, new.confidence), boundingBox: box,
                           imageSize: imageSize, evidence: new.evidence)
    }
}
