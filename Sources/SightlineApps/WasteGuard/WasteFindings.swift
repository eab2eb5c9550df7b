// WasteFindings: what WasteGuard found in one photo before the mode and the language are
// applied — every object, organic and not (the recogniser's, and foreign matter the whole-photo
// heads found where the recogniser found none), most confident first, and the heads' verdict on
// the whole photo (see `ForeignMatterSearch`).
public import SightlineImaging

/// Everything found in one photo.
public struct WasteFindings: Sendable, Hashable {
    /// The photo's size (upright), which the boxes refer to.
    public var imageSize: ImageSize
    /// All objects found, organic and not, most confident first.
    public var objects: [WasteObject]
    /// The heads' verdict on the whole photo; nil without heads.
    public var verdict: PhotoVerdict?

    public init(imageSize: ImageSize, objects: [WasteObject], verdict: PhotoVerdict?) {
        self.imageSize = imageSize
        self.objects = objects
        self.verdict = verdict
    }
}
