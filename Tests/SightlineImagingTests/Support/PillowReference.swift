// PillowReference: Pillow's pixels for the same files (through ReferencePython, in the
// repository's .venv), for tests that compare Sightline's with them.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

enum PillowReference {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the Pillow program `script` with `arguments` (its sys.argv[1:]) in the repository's
    /// .venv and returns its standard output.
    @discardableResult
    static func run(_ script: String, _ arguments: [String] = []) throws -> String {
        try ReferencePython.run(code: script, arguments: arguments)
    }

    /// Runs a script that writes the raw bytes (`im.tobytes()`) of one or more RGB images one
    /// after another to the file sys.argv[1] and prints each one's width and height on a line;
    /// returns them as RGBImages. One Python process serves many images, as starting it is slow.
    static func images(_ script: String, _ arguments: [String] = []) throws -> [RGBImage] {
        let rawFile = try TemporaryDirectory.shared.file(named: "pillow-\(UUID().uuidString).rgb")
        defer { try? FileManager.default.removeItem(at: rawFile) }
        let printed = try run(script, [rawFile.path] + arguments)
        let pixels = try [UInt8](Data(contentsOf: rawFile))
        var images: [RGBImage] = [], offset = 0
        for line in printed.split(separator: "\n") {
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 2, offset + numbers[0] * numbers[1] * 3 <= pixels.count else {
                throw Failure(description: "Expected 'width height' lines matching the bytes written, got \(printed)")
            }
            let count = numbers[0] * numbers[1] * 3
            images.append(RGBImage(width: numbers[0], height: numbers[1], pixels: Array(pixels[offset ..< offset + count])))
            offset += count
        }
        return images
    }

    /// Pillow's plain decode of each file converted to RGB (alpha, if any, composited over white
    /// with the same rounding as Sightline).
    static func decodedImages(_ urls: [URL]) throws -> [RGBImage] {
        try images("""
            import sys, numpy as np
            from PIL import Image
            with open(sys.argv[1], 'wb') as out:
                for path in sys.argv[2:]:
                    im = Image.open(path)
                    if 'A' in im.mode or 'transparency' in im.info:
                        rgba = np.asarray(im.convert('RGBA')).astype(np.int64)
                        alpha = rgba[..., 3:4]
                        rgb = ((rgba[..., :3] * alpha + 255 * (255 - alpha) + 127) // 255).astype(np.uint8)
                        im = Image.fromarray(rgb, 'RGB')
                    im = im.convert('RGB')
                    out.write(im.tobytes())
                    print(*im.size)
            """, urls.map(\.path))
    }

    static func decodedImage(_ url: URL) throws -> RGBImage {
        try decodedImages([url])[0]
    }
}

/// A per-process scratch folder for files tests generate (large JPEGs, Pillow outputs),
/// removed when the test bundle finishes.
final class TemporaryDirectory: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = TemporaryDirectory()
    let url: URL

    private override init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-imaging-tests-\(getpid())")
        super.init()
        XCTestObservationCenter.shared.addTestObserver(self)
    }

    func file(named name: String) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.appendingPathComponent(name)
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        try? FileManager.default.removeItem(at: url)
    }
}
