// PixelGrid: an RGB image held as floating-point samples, the working form of face crops and
// pyramid levels between cropping, resampling and normalisation.
import SightlineImaging

/// Interleaved RGB samples (R, G, B, R, …) row by row from the top-left corner.
struct PixelGrid {
    let width: Int
    let height: Int
    /// `width * height * 3` samples: pixel (x, y) starts at `(y * width + x) * 3`.
    var samples: [Float]

    init(width: Int, height: Int, samples: [Float]) {
        precondition(samples.count == width * height * 3, "a \(width)×\(height) grid needs \(width * height * 3) samples")
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// The `width`×`height` window of `image` whose top-left corner is at (`left`, `top`); the
    /// parts of the window outside the image are black (0).
    init(cropping image: RGBImage, left: Int, top: Int, width: Int, height: Int) {
        var samples = [Float](repeating: 0, count: width * height * 3)
        let firstColumn = max(0, -left), lastColumn = min(width, image.width - left)
        let firstRow = max(0, -top), lastRow = min(height, image.height - top)
        if firstColumn < lastColumn {
            image.pixels.withUnsafeBufferPointer { pixels in
                for row in firstRow ..< max(firstRow, lastRow) {
                    let source = ((top + row) * image.width + left) * 3
                    let destination = row * width * 3
                    for index in firstColumn * 3 ..< lastColumn * 3 {
                        samples[destination + index] = Float(pixels[source + index])
                    }
                }
            }
        }
        self.init(width: width, height: height, samples: samples)
    }

    /// The samples rounded to whole numbers and saturated to 0–255, as an 8-bit image stores them.
    func roundedToBytes() -> PixelGrid {
        PixelGrid(width: width, height: height,
                  samples: samples.map { min(255, max(0, $0.rounded(.toNearestOrEven))) })
    }

    /// Appends the samples to `tensor` in the "NWHC" order the MTCNN graphs take (column by
    /// column, each column top to bottom, three channels per pixel), normalised as the
    /// models were trained: (sample − 127.5) / 128.
    func appendNormalizedColumnMajor(to tensor: inout [Float]) {
        tensor.reserveCapacity(tensor.count + samples.count)
        samples.withUnsafeBufferPointer { samples in
            for x in 0 ..< width {
                for y in 0 ..< height {
                    let start = (y * width + x) * 3
                    tensor.append((samples[start] - 127.5) * 0.0078125)
                    tensor.append((samples[start + 1] - 127.5) * 0.0078125)
                    tensor.append((samples[start + 2] - 127.5) * 0.0078125)
                }
            }
        }
    }
}
