// BenchmarkFacePhoto: the 1920×1080 photo with faces that `sightline-lab bench` runs MTCNN on,
// made at bench time from a committed group photo (centre-cropped to 16:9, upscaled with
// Sightline's resize) and stored as PNG, so both detectors read exactly the same pixels.
import Foundation
import SightlineCommandSupport
import SightlineImaging

enum BenchmarkFacePhoto {
    /// A PASCAL VOC photo of seven people (500×375) from the face detection tests.
    static let samplePath = "Tests/SightlineVisionTests/Faces/Photos/2007_007763.jpg"
    /// Full HD, the size of a video frame or a downscaled phone photo.
    static let size = ImageSize(width: 1920, height: 1080)

    /// Writes the photo into `directory` and returns its URL.
    static func make(repository: Repository, in directory: URL) throws -> URL {
        let sample = try ImageDecoder.decode(contentsOf: repository.url(samplePath))
        let cropWidth = min(sample.width, sample.height * size.width / size.height)
        let cropHeight = cropWidth * size.height / size.width
        let photo = sample.centerCropped(width: cropWidth, height: cropHeight).resized(width: size.width, height: size.height)
        let url = directory.appendingPathComponent("bench-faces-1080p.png")
        try ImageEncoder.pngData(photo).write(to: url)
        return url
    }
}
