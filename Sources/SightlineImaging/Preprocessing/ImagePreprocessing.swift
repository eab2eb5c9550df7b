// ImagePreprocessing: how a model wants its input image prepared — resize policy, crop size,
// per-channel normalisation and tensor layout — as read from the model's manifest.

/// The recipe that turns an `RGBImage` into a model's input tensor:
/// 1. resize: with `shorterSide`, scale so the shorter side has that length, keeping the aspect
///    ratio (the longer side is `round(longer · shorterSide / shorter)`); without it, resize
///    straight to `cropWidth`×`cropHeight`;
/// 2. take the centred `cropWidth`×`cropHeight` crop (see `ImageRect.centered`);
/// 3. map each 0–255 sample v of channel c to `(v − mean[c]) / std[c]`;
/// 4. lay the values out as `layout` says (channels R, G, B).
public struct ImagePreprocessing: Sendable, Hashable {
    /// The order of values in the tensor for one image.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Channel planes: all R values row by row, then all G, then all B (shape 3×H×W).
        case nchw
        /// Interleaved: R, G, B of each pixel row by row (shape H×W×3).
        case nhwc
    }

    public let shorterSide: Int?
    public let cropWidth: Int
    public let cropHeight: Int
    /// Per-channel means (R, G, B) in 0–255 sample units.
    public let mean: [Float]
    /// Per-channel standard deviations (R, G, B) in 0–255 sample units.
    public let std: [Float]
    public let layout: Layout

    /// - Throws: `ImagingError.invalidPreprocessing` unless the crop is positive, the shorter
    ///   side (if any) is at least the crop in both directions, and there are three means and
    ///   three finite, non-zero standard deviations.
    public init(shorterSide: Int?, cropWidth: Int, cropHeight: Int, mean: [Float], std: [Float],
                layout: Layout) throws {
        guard cropWidth > 0, cropHeight > 0 else {
            throw ImagingError.invalidPreprocessing("the crop must be at least 1×1, got \(cropWidth)×\(cropHeight)")
        }
        if let shorterSide, shorterSide < max(cropWidth, cropHeight) {
            throw ImagingError.invalidPreprocessing(
                "resizing the shorter side to \(shorterSide) leaves too little for a \(cropWidth)×\(cropHeight) crop")
        }
        guard mean.count == 3, std.count == 3 else {
            throw ImagingError.invalidPreprocessing(
                "mean and std need one value per channel (R, G, B), got \(mean.count) and \(std.count)")
        }
        guard mean.allSatisfy(\.isFinite), std.allSatisfy({ $0.isFinite && $0 != 0 }) else {
            throw ImagingError.invalidPreprocessing("mean must be finite and std finite and non-zero, got \(mean), \(std)")
        }
        self.shorterSide = shorterSide
        self.cropWidth = cropWidth
        self.cropHeight = cropHeight
        self.mean = mean
        self.std = std
        self.layout = layout
    }

    /// EfficientNet-Lite0: shorter side 256, centre crop 224, (v − 127) / 128, NCHW.
    public static let efficientNetLite = try! ImagePreprocessing(
        shorterSide: 256, cropWidth: 224, cropHeight: 224,
        mean: [127, 127, 127], std: [128, 128, 128], layout: .nchw)

    /// Number of Float values in one image's tensor: 3 · cropWidth · cropHeight.
    public var valueCount: Int { 3 * cropWidth * cropHeight }

    /// The tensor shape for `batchSize` images: [N, 3, H, W] or [N, H, W, 3].
    public func tensorShape(batchSize: Int = 1) -> [Int] {
        switch layout {
        case .nchw: [batchSize, 3, cropHeight, cropWidth]
        case .nhwc: [batchSize, cropHeight, cropWidth, 3]
        }
    }

    /// The size an image of `size` is resized to before cropping.
    public func resizedSize(for size: ImageSize) -> ImageSize {
        guard let shorterSide else { return ImageSize(width: cropWidth, height: cropHeight) }
        // Python's round(): halves go to the even neighbour.
        func scaledLonger(_ longer: Int, _ shorter: Int) -> Int {
            Int((Double(longer * shorterSide) / Double(shorter)).rounded(.toNearestOrEven))
        }
        if size.width <= size.height {
            return ImageSize(width: shorterSide, height: scaledLonger(size.height, size.width))
        }
        return ImageSize(width: scaledLonger(size.width, size.height), height: shorterSide)
    }

    /// The smallest decoded size that keeps step 1 a reduction, for `DecodeOptions.targetSize`:
    /// shorterSide × shorterSide (both sides at least that long), or the crop size.
    public var decodeTargetSize: ImageSize {
        guard let shorterSide else { return ImageSize(width: cropWidth, height: cropHeight) }
        return ImageSize(width: shorterSide, height: shorterSide)
    }

    /// The pixels of an image of `size` that steps 1 and 2 read: the centre crop's rows and
    /// columns widened by the resize filter's reach. Decoders may leave the rest undecoded.
    public func sourceRegion(for size: ImageSize) -> ImageRect {
        let resized = resizedSize(for: size)
        let crop = ImageRect.centered(width: cropWidth, height: cropHeight, in: resized)
        func inputs(_ outputs: Range<Int>, input: Int, output: Int) -> Range<Int> {
            input == output ? outputs : BilinearWeights(inputSize: input, outputSize: output, outputs: outputs).inputRange
        }
        let columns = inputs(crop.x ..< crop.x + crop.width, input: size.width, output: resized.width)
        let rows = inputs(crop.y ..< crop.y + crop.height, input: size.height, output: resized.height)
        return ImageRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    }

    /// Steps 1 and 2: the resized, centre-cropped image the tensor values are taken from.
    public func preparedImage(from image: RGBImage) -> RGBImage {
        let resized = resizedSize(for: image.size)
        let crop = ImageRect.centered(width: cropWidth, height: cropHeight, in: resized)
        return image.resized(width: resized.width, height: resized.height, croppingTo: crop)
    }
}
