// VisionRoutes: the general vision requests — classify, faces, detect — and the installed
// models (each with its labels and, for a trained one, how it was trained), answering with the
// same objects as the CLI's --json.
import Foundation
import Hummingbird
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct VisionRoutes {
    let services: AppServices

    func register(on api: RouterGroup<some RequestContext>) {
        api.post("classify", use: classify)
        api.post("faces", use: faces)
        api.post("detect", use: detect)
        api.get("models", use: models)
        api.get("models/:name", use: model)
    }

    /// `?model=lite0&top=5`
    @Sendable func classify(_ request: Request, context: some RequestContext) async throws -> Response {
        let modelName = try request.modelName(default: "lite0")
        let top = try request.integer("top", default: 5, in: 1 ... 1000)
        let (classifiers, maxPixels) = (services.classifiers, services.configuration.maxPixels)
        let record = try await services.infer(uploadOf: request) { upload in
            let classifier = try classifiers.get(modelName)
            try PhotoDecoding.admit(upload, maxPixels: maxPixels, targetSize: classifier.preprocessing.decodeTargetSize)
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try classifier.classify(data: upload.data, top: top)
            return ClassificationJSON(result, file: upload.fileName,
                                      milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return try JSONResponse.make(record)
    }

    @Sendable func faces(_ request: Request, context: some RequestContext) async throws -> Response {
        let (detector, maxPixels) = (services.faceDetector, services.configuration.maxPixels)
        let record = try await services.infer(uploadOf: request) { upload in
            let start = DispatchTime.now().uptimeNanoseconds
            let faceDetector = try detector.get()
            // The detector searches at most its largest side: a large JPEG is decoded no larger
            // than that needs (then shrunk the rest of the way), not at full size.
            let faces: [FaceObservation]
            if let side = faceDetector.options.largestSide {
                let photo = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: ImageSize(width: side, height: side))
                faces = try faceDetector.detectFaces(in: photo.image, fullSize: photo.fullSize)
            } else {
                faces = try faceDetector.detectFaces(in: PhotoDecoding.decode(upload, maxPixels: maxPixels))
            }
            return FaceJSON(faces, file: upload.fileName,
                            milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return try JSONResponse.make(record)
    }

    /// `?model=NAME`: an installed object-detection model.
    @Sendable func detect(_ request: Request, context: some RequestContext) async throws -> Response {
        let modelName = try request.modelName()
        let (detectors, maxPixels) = (services.detectors, services.configuration.maxPixels)
        let record = try await services.infer(uploadOf: request) { upload in
            let start = DispatchTime.now().uptimeNanoseconds
            let detector = try detectors.get(modelName)
            // Decoded no smaller than the detector's input, its boxes given in the whole photo's pixels.
            let (photo, fullSize) = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: detector.inputSize)
            let objects = try detector.detectObjects(in: photo).map { $0.inPhoto(of: fullSize, decodedAs: photo.size) }
            return DetectionJSON(objects, file: upload.fileName,
                                 milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return try JSONResponse.make(record)
    }

    /// `{"models": [{"name", "title", "task", "labels", "licence", "source"}]}`
    @Sendable func models(_ request: Request, context: some RequestContext) async throws -> Response {
        let installed = try services.models.installedModels()
        return try JSONResponse.make(ModelListJSON(installed))
    }

    /// `{"name", "title", "task", "labels": [...], "licence", "source", "training"}`: "training" is
    /// the record `sightline train` kept (classes with photo counts, accuracies, options) or null.
    @Sendable func model(_ request: Request, context: some RequestContext) async throws -> Response {
        let name = try context.text("name")
        try Request.checkModelName(name, parameter: "name")
        let manifest = try services.models.model(name).manifest
        return try JSONResponse.make(ModelDetailJSON(manifest))
    }
}
