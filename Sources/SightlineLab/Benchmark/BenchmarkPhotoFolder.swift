// BenchmarkPhotoFolder: the folder of phone-photo-like JPEGs that `sightline-lab bench` classifies
// as a whole process, made at bench time from the repository's sample photos so the figure
// needs no dataset: each photo is a random crop of a sample (flipped or not, brighter or
// darker), resized to a phone camera's 1–4 megapixels in either orientation, with sensor-like
// grain so it compresses like a real photo (about 2 bits per pixel at quality 90).
import Dispatch
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlineTraining
import SightlineVision

enum BenchmarkPhotoFolder {
    /// The samples the photos are made from (every JPEG in it).
    static let sampleFolder = "Samples"
    /// Landscape sizes from 1 to 4 megapixels in the aspect ratios phone cameras use.
    static let sizes = [ImageSize(width: 1152, height: 864), ImageSize(width: 1280, height: 960),
                        ImageSize(width: 1440, height: 1440), ImageSize(width: 1600, height: 1200),
                        ImageSize(width: 1920, height: 1080), ImageSize(width: 2048, height: 1536),
                        ImageSize(width: 2560, height: 1440), ImageSize(width: 2304, height: 1728)]
    /// The largest grain added to a pixel's brightness, in 8-bit levels.
    static let grain = 8
    static let quality = 90

    /// Writes `count` JPEGs named photo-0000.jpg, … into `directory` (made on all cores) and
    /// returns their URLs. The same count always gives the same photos.
    static func make(count: Int, repository: Repository, in directory: URL) throws -> [URL] {
        let samples = try sampleURLs(repository).map { try ImageDecoder.decode(contentsOf: $0) }
        let urls = (0 ..< count).map { directory.appendingPathComponent(String(format: "photo-%04d.jpg", $0)) }
        let failure = FailureBox()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var random = SeededRandomGenerator(seed: 0, stream: UInt64(index))
            do {
                try ImageEncoder.jpegData(photo(from: samples, random: &random), quality: quality).write(to: urls[index])
            } catch {
                failure.record("Cannot write the benchmark photo \(urls[index].path): \(error.localizedDescription)")
            }
        }
        if let message = failure.message { throw CommandFailure(message) }
        return urls
    }

    /// The sample JPEGs, sorted by name.
    static func sampleURLs(_ repository: Repository) throws -> [URL] {
        let folder = repository.url(sampleFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let samples = names.filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
        guard !samples.isEmpty else { throw CommandFailure("\(folder.path) holds no .jpg sample photos to make benchmark photos from.") }
        return samples
    }

    /// One photo: a crop of a random sample with the target's aspect ratio covering 60–100 %
    /// of the sample's width or height, maybe mirrored, brightness × 0.85–1.15, resized, grained.
    private static func photo(from samples: [RGBImage], random: inout SeededRandomGenerator) -> RGBImage {
        let sample = samples[random.index(below: samples.count)]
        let landscape = sizes[random.index(below: sizes.count)]
        let size = random.index(below: 2) == 0 ? landscape : ImageSize(width: landscape.height, height: landscape.width)
        let coverage = random.uniform(0.6 ... 1)
        let aspect = Double(size.width) / Double(size.height)
        var cropWidth = Double(sample.width) * coverage, cropHeight = cropWidth / aspect
        if cropHeight > Double(sample.height) * coverage {
            cropHeight = Double(sample.height) * coverage
            cropWidth = cropHeight * aspect
        }
        let width = max(1, Int(cropWidth)), height = max(1, Int(cropHeight))
        let crop = ImageRect(x: random.index(below: sample.width - width + 1), y: random.index(below: sample.height - height + 1),
                             width: width, height: height)
        var image = sample.cropped(to: crop)
        if random.index(below: 2) == 0 { image = image.flippedHorizontally() }
        image = image.adjustingColor(ColorAdjustment(brightness: random.uniform(0.85 ... 1.15)))
        return grained(image.resized(width: size.width, height: size.height), random: &random)
    }

    /// `image` with a random brightness offset of at most ±`grain` levels on every pixel.
    private static func grained(_ image: RGBImage, random: inout SeededRandomGenerator) -> RGBImage {
        var pixels = image.pixels
        let span = UInt64(2 * grain + 1)
        pixels.withUnsafeMutableBufferPointer { bytes in
            for pixel in stride(from: 0, to: bytes.count, by: 3) {
                let offset = Int(random.next() % span) - grain
                for channel in pixel ..< pixel + 3 {
                    bytes[channel] = UInt8(clamping: Int(bytes[channel]) + offset)
                }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// The first error of the photos made in parallel.
    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var message: String?

        func record(_ message: String) {
            lock.withLock { if self.message == nil { self.message = message } }
        }
    }
}
