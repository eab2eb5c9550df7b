// RGBImage+Tensor: an image → the Float values of a model's input tensor, per ImagePreprocessing,
// either as a new array or written into the caller's (batch) buffer.

extension RGBImage {
    /// The model input for this image: `preprocessing.valueCount` values laid out as
    /// `preprocessing.tensorShape(batchSize: 1)` without the batch dimension.
    public func tensorValues(_ preprocessing: ImagePreprocessing) -> [Float] {
        [Float](unsafeUninitializedCapacity: preprocessing.valueCount) { buffer, initializedCount in
            writeTensorValues(preprocessing, into: buffer)
            initializedCount = preprocessing.valueCount
        }
    }

    /// Writes the model input for this image into `buffer`, which must hold exactly
    /// `preprocessing.valueCount` values — e.g. one image's slice of a batch tensor:
    /// `UnsafeMutableBufferPointer(rebasing: batch[i * n ..< (i + 1) * n])`.
    public func writeTensorValues(_ preprocessing: ImagePreprocessing, into buffer: UnsafeMutableBufferPointer<Float>) {
        precondition(buffer.count == preprocessing.valueCount,
                     "The buffer holds \(buffer.count) values; this preprocessing writes \(preprocessing.valueCount)")
        let prepared = preprocessing.preparedImage(from: self)
        // (v − mean) / std for every possible sample value, per channel: 3 × 256 entries.
        var table = [Float](repeating: 0, count: 3 * 256)
        for channel in 0 ..< 3 {
            for value in 0 ..< 256 {
                table[channel * 256 + value] = (Float(value) - preprocessing.mean[channel]) / preprocessing.std[channel]
            }
        }
        let planeSize = prepared.width * prepared.height
        table.withUnsafeBufferPointer { table in
            prepared.pixels.withUnsafeBufferPointer { pixels in
                switch preprocessing.layout {
                case .nchw:
                    for pixel in 0 ..< planeSize {
                        buffer[pixel] = table[Int(pixels[pixel * 3])]
                        buffer[planeSize + pixel] = table[256 + Int(pixels[pixel * 3 + 1])]
                        buffer[2 * planeSize + pixel] = table[512 + Int(pixels[pixel * 3 + 2])]
                    }
                case .nhwc:
                    for index in 0 ..< planeSize * 3 {
                        buffer[index] = table[(index % 3) * 256 + Int(pixels[index])]
                    }
                }
            }
        }
    }
}
