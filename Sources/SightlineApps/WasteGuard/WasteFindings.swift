// WasteFindings: what a WasteGuard recogniser found in one photo before the mode and the
// language are applied — every object of the 20 classes, most confident first, and, when none
// was found, the whole-photo verdict of the installed heads.
import SightlineImaging

/// Everything found in one photo.
public struct WasteFindings: Sendable, Hashable {
    /// The photo's size (upright), which the boxes refer to.
    public var imageSize: ImageSize
    /// All objects found, organic and not, most confident first.
    public var objects: [WasteObject]
    /// The whole-photo verdict; only when no object was found and a head is installed.
    public var verdict: PhotoVerdict?

    public init(imageSize: ImageSize, objects: [WasteObject], verdict: PhotoVerdict?) {
        self.imageSize = imageSize
        self.objects = objects
        self.verdict = verdict
    }
}
