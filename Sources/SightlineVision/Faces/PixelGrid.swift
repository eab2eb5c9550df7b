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
        // Unchecked pointers: the rows and columns copied are clamped to both the image and the
        // window above.
        if firstColumn < lastColumn {
            samples.withUnsafeMutableBufferPointer { samples in
                image.pixels.withUnsafeBufferPointer { pixels in
                    for row in firstRow ..< max(firstRow, lastRow) {
                        let source = pixels.baseAddress! + ((top + row) * image.width + left) * 3
                        let destination = samples.baseAddress! + row * width * 3
                        for index in firstColumn * 3 ..< lastColumn * 3 {
                            destination[index] = Float(source[index])
                        }
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
        guard !samples.isEmpty else { return }
        let start = tensor.count, rowStride = width * 3
        tensor.append(contentsOf: repeatElement(0, count: samples.count))
        // Unchecked pointers: each of the `width * height` pixels is read once from its place in
        // `samples` and written once into the space just appended for them.
        tensor.withUnsafeMutableBufferPointer { tensor in
            samples.withUnsafeBufferPointer { samples in
                var output = tensor.baseAddress! + start
                for x in 0 ..< width {
                    var pixel = samples.baseAddress! + x * 3
                    for _ in 0 ..< height {
                        output[0] = (pixel[0] - 127.5) * 0.0078125
                        output[1] = (pixel[1] - 127.5) * 0.0078125
                        output[2] = (pixel[2] - 127.5) * 0.0078125
                        output += 3
                        pixel += rowStride
                    }
                }
            }
        }
    }
}
