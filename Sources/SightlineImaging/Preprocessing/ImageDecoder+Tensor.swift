// ImageDecoder+Tensor: file or data → model input values in one call, decoding JPEGs at the
// reduced scale the preprocessing allows and only the part its crop reads.
public import Foundation

extension ImageDecoder {
    /// Decodes an image file and returns its model input (see `RGBImage.tensorValues`). JPEGs
    /// are decoded at the smallest DCT scale that still covers
    /// `preprocessing.decodeTargetSize`, which makes large photos several times faster, and
    /// only the pixels `preprocessing.sourceRegion` covers (the values are the same as from a
    /// whole decode).
    public static func tensorValues(contentsOf url: URL, preprocessing: ImagePreprocessing,
                                    maxPixels: Int = DecodeOptions.defaultMaxPixels) throws -> [Float] {
        try tensorValues(data: PhotoFileReader.read(url), preprocessing: preprocessing, maxPixels: maxPixels)
    }

    /// Decodes image data and returns its model input; see `tensorValues(contentsOf:…)`.
    public static func tensorValues(data: Data, preprocessing: ImagePreprocessing,
                                    maxPixels: Int = DecodeOptions.defaultMaxPixels) throws -> [Float] {
        let options = DecodeOptions(maxPixels: maxPixels, targetSize: preprocessing.decodeTargetSize)
        return try decode(data: data, options: options, neededRegion: preprocessing.sourceRegion(for:))
            .tensorValues(preprocessing)
    }
}
