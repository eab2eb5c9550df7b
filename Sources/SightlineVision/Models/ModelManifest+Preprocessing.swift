// ModelManifest+Preprocessing: the manifest's input section turned into the Imaging layer's
// ImagePreprocessing recipe, so an image is prepared exactly as the model was trained.
public import SightlineImaging

extension ModelManifest {
    /// The recipe that turns a decoded image into this model's input tensor.
    ///
    /// - Throws: `ModelStoreError.unsupportedManifest` when the manifest asks for something
    ///   Sightline cannot prepare (a colour order other than RGB, inconsistent sizes or
    ///   normalisation).
    public func imagePreprocessing() throws -> ImagePreprocessing {
        guard input.color.uppercased() == "RGB" else {
            throw ModelStoreError.unsupportedManifest(model: name, reason:
                "the input colour order is '\(input.color)'; Sightline prepares RGB input only")
        }
        let shorterSide: Int?
        switch input.resize {
        case .shorterSideThenCenterCrop(let side): shorterSide = side
        case .none: shorterSide = nil
        }
        let layout: ImagePreprocessing.Layout
        switch input.layout {
        case .nchw: layout = .nchw
        case .nhwc: layout = .nhwc
        case .nwhc:
            throw ModelStoreError.unsupportedManifest(model: name, reason:
                "its input layout is NWHC, which image preprocessing does not produce (NCHW and NHWC)")
        }
        guard let width = input.width, let height = input.height else {
            throw ModelStoreError.unsupportedManifest(model: name, reason:
                "its input has no fixed width and height, so there is no size to prepare images at")
        }
        do {
            return try ImagePreprocessing(shorterSide: shorterSide, cropWidth: width, cropHeight: height,
                                          mean: input.normalization.mean, std: input.normalization.std,
                                          layout: layout)
        } catch {
            throw ModelStoreError.unsupportedManifest(model: name, reason: "\(error)")
        }
    }
}
