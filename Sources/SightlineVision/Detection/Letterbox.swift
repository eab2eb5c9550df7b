// Letterbox: how YOLO models see a photo — scaled to fit the input square (or rectangle) with
// its aspect ratio kept, centred, the rest filled with grey 114 — and the way back from input
// pixels to pixels of the photo.
public import SightlineImaging

/// The placement of a photo inside a model input of `inputSize`, as Ultralytics' letterbox
/// places it: the scale is the largest that fits both sides, the scaled size is rounded to
/// whole pixels (halves to even), and the padding is split evenly with the odd pixel going to
/// the right or bottom.
public struct Letterbox: Sendable, Hashable {
    /// The grey the padding is filled with, in each of R, G and B.
    public static let paddingValue: UInt8 = 114

    /// The photo's size.
    public let imageSize: ImageSize
    /// The model input's size.
    public let inputSize: ImageSize
    /// The photo's size once scaled into the input.
    public let contentSize: ImageSize
    /// Padding columns left of the scaled photo.
    public let left: Int
    /// Padding rows above the scaled photo.
    public let top: Int

    public init(imageSize: ImageSize, inputSize: ImageSize) {
        precondition(imageSize.width > 0 && imageSize.height > 0 && inputSize.width > 0 && inputSize.height > 0,
                     "A letterbox needs positive sizes, got \(imageSize) into \(inputSize)")
        let scale = min(Double(inputSize.width) / Double(imageSize.width), Double(inputSize.height) / Double(imageSize.height))
        let width = min(inputSize.width, max(1, Int((Double(imageSize.width) * scale).rounded(.toNearestOrEven))))
        let height = min(inputSize.height, max(1, Int((Double(imageSize.height) * scale).rounded(.toNearestOrEven))))
        self.imageSize = imageSize
        self.inputSize = inputSize
        contentSize = ImageSize(width: width, height: height)
        left = (inputSize.width - width) / 2
        top = (inputSize.height - height) / 2
    }

    /// The photo x coordinate of model-input x coordinate `x` (continuous coordinates: 0 is
    /// the left edge of the first pixel).
    public func imageX(fromInputX x: Double) -> Double {
        (x - Double(left)) * Double(imageSize.width) / Double(contentSize.width)
    }

    /// The photo y coordinate of model-input y coordinate `y`.
    public func imageY(fromInputY y: Double) -> Double {
        (y - Double(top)) * Double(imageSize.height) / Double(contentSize.height)
    }

    /// The model input for `image` (which must be `imageSize`): the photo resized with
    /// Pillow's antialiased bilinear filter, placed at (`left`, `top`), padded with grey, and
    /// each 0–255 sample v of channel c mapped to `(v − mean[c]) / std[c]`, laid out as `layout`.
    public func tensorValues(of image: RGBImage, mean: [Float], std: [Float], layout: ImagePreprocessing.Layout) -> [Float] {
        precondition(image.size == imageSize, "The letterbox was made for \(imageSize), not \(image.size)")
        precondition(mean.count == 3 && std.count == 3, "mean and std need one value per channel")
        let scaled = image.size == contentSize ? image : image.resized(width: contentSize.width, height: contentSize.height)
        // (v − mean) / std for every possible sample value, per channel: 3 × 256 entries.
        var table = [Float](repeating: 0, count: 3 * 256)
        for channel in 0 ..< 3 {
            for value in 0 ..< 256 {
                table[channel * 256 + value] = (Float(value) - mean[channel]) / std[channel]
            }
        }
        let inputWidth = inputSize.width, planeSize = inputSize.width * inputSize.height
        var values = [Float](repeating: 0, count: 3 * planeSize)
        for channel in 0 ..< 3 {
            let padding = table[channel * 256 + Int(Self.paddingValue)]
            switch layout {
            case .nchw:
                for index in channel * planeSize ..< (channel + 1) * planeSize { values[index] = padding }
            case .nhwc:
                for index in stride(from: channel, to: values.count, by: 3) { values[index] = padding }
            }
        }
        let (left, top) = (self.left, self.top)
        let (contentWidth, contentHeight) = (contentSize.width, contentSize.height)
        table.withUnsafeBufferPointer { table in
            scaled.pixels.withUnsafeBufferPointer { pixels in
                values.withUnsafeMutableBufferPointer { values in
                    for y in 0 ..< contentHeight {
                        for x in 0 ..< contentWidth {
                            let source = (y * contentWidth + x) * 3
                            let pixel = (top + y) * inputWidth + left + x
                            for channel in 0 ..< 3 {
                                let value = table[channel * 256 + Int(pixels[source + channel])]
                                switch layout {
                                case .nchw: values[channel * planeSize + pixel] = value
                                case .nhwc: values[pixel * 3 + channel] = value
                                }
                            }
                        }
                    }
                }
            }
        }
        return values
    }
}
