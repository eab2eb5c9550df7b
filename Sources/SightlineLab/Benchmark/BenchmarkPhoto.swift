// BenchmarkPhoto: the 12-megapixel JPEG that `sightline-lab bench` classifies end to end, made at
// bench time from a bundled sample photo (upscaled with Sightline's resize, encoded with
// libjpeg-turbo) so no large file is committed.
import Foundation
import SightlineCommandSupport
import SightlineImaging

enum BenchmarkPhoto {
    /// The sample photo the benchmark JPEG is made from (240×320, portrait).
    static let samplePath = "Samples/glass-bottle.jpg"
    /// 3000×4000: the size of a typical 12 MP phone photo in portrait orientation.
    static let size = ImageSize(width: 3000, height: 4000)

    /// Writes the benchmark JPEG (quality 90) into `directory` and returns its URL.
    static func make(repository: Repository, in directory: URL) throws -> URL {
        let sample = repository.url(samplePath)
        let photo = try ImageDecoder.decode(contentsOf: sample).resized(width: size.width, height: size.height)
        let url = directory.appendingPathComponent("bench-12mp.jpg")
        try ImageEncoder.jpegData(photo, quality: 90).write(to: url)
        return url
    }
}
