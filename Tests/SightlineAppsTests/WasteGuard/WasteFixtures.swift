// WasteFixtures: the real photos of Fixtures/ (see LICENSES.md) the WasteGuard tests share, and
// where objects were pasted into them, in pixels.
import Foundation
import SightlineImaging
import SightlineVision
import XCTest

enum WasteFixtures {
    static let canAmongCourgettes = PixelRect(x: 18, y: 19, width: 108, height: 111)
    static let canAmongCabbages = PixelRect(x: 15, y: 15, width: 116, height: 120)
    static let bottleAmongCabbages = PixelRect(x: 165, y: 165, width: 120, height: 109)

    /// The decoded, upright fixture photo `name`.
    static func photo(_ name: String) throws -> RGBImage {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil), name)
        return try ImageDecoder.decode(contentsOf: url)
    }
}
