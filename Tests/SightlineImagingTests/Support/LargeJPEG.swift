// LargeJPEG: a 12-megapixel (4000×3000) JPEG made at test time by upscaling a real photo with
// Pillow, for the reduced-scale decoding and end-to-end tests (too large to commit).
import Foundation

enum LargeJPEG {
    static let width = 4000
    static let height = 3000

    /// Created once per test process in the temporary directory.
    static func url() throws -> URL { try cached.get() }

    private static let cached = Result<URL, Error> {
        let url = try TemporaryDirectory.shared.file(named: "large-4000x3000.jpg")
        try PillowReference.run("""
            import sys
            from PIL import Image
            photo = Image.open(sys.argv[2]).convert('RGB')
            photo.resize((\(width), \(height)), Image.Resampling.BICUBIC).save(sys.argv[1], quality=90)
            """, [url.path, Fixtures.url("photo-faces-2008_001322.jpg").path])
        return url
    }
}
