// WasteInformation: the information text under a WasteGuard result, built exactly as the
// original app built it — the display names of the reported objects, deduplicated in order of
// first appearance and joined by ", ", with singular or plural chosen by the number of
// detections (two plastic bags: "Detected objects: plastic bag").
//
//   check mode     0: "No foreign matter was detected in the waste.\n"
//                  1: "Detected object: X\nPlease remove the marked object from organic waste.\n"
//                  n: "Detected objects: X, Y\nPlease remove all marked objects from organic waste.\n"
//   classify mode  0: "No objects were detected.\n"
//     only red     1: "Detected object: X\nThe marked object is non-organic waste.\n"
//                  n: "Detected objects: X, Y\nAll marked objects are non-organic waste.\n"
//     only green   1: "Detected object: X\nThe marked object is organic waste.\n"
//                  n: "Detected objects: X, Y\nAll marked objects are organic waste.\n"
//     both         "The following object (marked in green) is organic waste: X\n" (or "objects …
//                  are …" for several green detections), then "The following object (marked in
//                  red) is non-organic waste: Z\n" (or "objects … are …" for several red ones).

/// Builds WasteGuard's information text.
public enum WasteInformation {
    /// One reported object as the text sees it.
    public struct Entry: Sendable, Hashable {
        public var displayName: String
        public var isOrganic: Bool

        public init(displayName: String, isOrganic: Bool) {
            self.displayName = displayName
            self.isOrganic = isOrganic
        }
    }

    /// The text for the objects reported in `mode`, in their reported order (most confident
    /// first), in the language of `phrases`.
    public static func text(mode: WasteGuardMode, objects: [Entry], phrases: InformationPhrases) -> String {
        switch mode {
        case .check:
            switch objects.count {
            case 0: return phrases.noForeignMatter
            case 1: return phrases.detectedObject + names(objects, phrases) + "\n" + phrases.removeObject
            default: return phrases.detectedObjects + names(objects, phrases) + "\n" + phrases.removeObjects
            }
        case .classify:
            let organic = objects.filter(\.isOrganic)
            let nonOrganic = objects.filter { !$0.isOrganic }
            if objects.isEmpty {
                return phrases.noObjects
            }
            if organic.isEmpty || nonOrganic.isEmpty {
                let single = objects.count == 1
                let verdict = organic.isEmpty
                    ? (single ? phrases.objectIsNonOrganic : phrases.objectsAreNonOrganic)
                    : (single ? phrases.objectIsOrganic : phrases.objectsAreOrganic)
                return (single ? phrases.detectedObject : phrases.detectedObjects) + names(objects, phrases) + "\n" + verdict
            }
            let green = (organic.count == 1 ? phrases.followingObjectIsOrganic : phrases.followingObjectsAreOrganic)
                + names(organic, phrases) + "\n"
            let red = (nonOrganic.count == 1 ? phrases.followingObjectIsNonOrganic : phrases.followingObjectsAreNonOrganic)
                + names(nonOrganic, phrases) + "\n"
            return green + red
        }
    }

    /// The display names, each once, in order of first appearance, joined.
    static func names(_ objects: [Entry], _ phrases: InformationPhrases) -> String {
        var seen: Set<String> = []
        return objects.map(\.displayName).filter { seen.insert($0).inserted }.joined(separator: phrases.nameSeparator)
    }
}
