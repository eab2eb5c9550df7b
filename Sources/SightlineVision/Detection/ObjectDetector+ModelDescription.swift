// ObjectDetector+ModelDescription: what the detector learns about a YOLO model when loading it —
// its image input (name, layout, normalisation, size), the output holding the predictions and
// the class names — from the graph, the manifest if installed, and Ultralytics' ONNX metadata.
import Foundation
import SightlineEngine
import SightlineImaging

extension ObjectDetector {
    /// The graph input the letterboxed photo is fed to, and how its values are prepared.
    struct ModelInput: Sendable {
        let name: String
        let layout: ImagePreprocessing.Layout
        /// Per-channel (R, G, B) mean and standard deviation in 0–255 sample units.
        let mean: [Float]
        let std: [Float]
    }

    /// Everything read from the model at load time.
    struct ModelDescription {
        /// The ONNX metadata keys Ultralytics exports write and the detector reads.
        static let taskMetadataKey = "task"
        static let imageSizeMetadataKey = "imgsz"
        /// The manifest output role of the predictions tensor, for models with several outputs.
        static let detectionsOutputRole = "detections"

        let input: ModelInput
        let inputSize: ImageSize
        let outputName: String
        /// The predictions output's declared shape, when every dimension is fixed.
        let declaredOutputShape: [Int]?
        let labels: DetectionLabels

        init(name: String, model: Model, session: InferenceSession, manifest: ModelManifest?, labels: [String]?,
             options: ObjectDetectionOptions) throws {
            func unsupported(_ reason: String) -> ObjectDetectionError {
                ObjectDetectionError.unsupportedModel(model: name, reason: reason)
            }
            if let task = model.metadata[Self.taskMetadataKey], task.lowercased() != "detect" {
                throw unsupported("its metadata says it is a '\(task)' model; only detection ('detect') models are supported")
            }
            let (input, graphSize) = try Self.imageInput(of: session, manifest: manifest, unsupported: unsupported)
            self.input = input
            inputSize = try Self.inputSize(graphSize: graphSize, manifest: manifest, metadata: model.metadata,
                                           options: options, model: name)
            (outputName, declaredOutputShape) = try Self.predictionsOutput(of: model.graph, session: session,
                                                                           manifest: manifest, unsupported: unsupported)
            self.labels = try Self.labels(labels, manifest: manifest, metadata: model.metadata, unsupported: unsupported)
        }

        /// The one image input, its layout and normalisation, and its size if the graph fixes it.
        private static func imageInput(of session: InferenceSession, manifest: ModelManifest?,
                                       unsupported: (String) -> ObjectDetectionError) throws -> (ModelInput, ImageSize?) {
            let inputs = session.inputs
            guard inputs.count == 1, let info = inputs.first else {
                throw unsupported("it has \(inputs.count) inputs (\(inputs.map(\.name).joined(separator: ", "))); "
                    + "a YOLO detector takes one image tensor")
            }
            guard info.elementType == .float32 else {
                throw unsupported("its input '\(info.name)' holds \(info.elementType) values, not float32")
            }
            if let shape = info.shape, shape.count != 4 {
                throw unsupported("its input '\(info.name)' has \(shape.count) dimensions; an image input has 4")
            }
            let layout: ImagePreprocessing.Layout
            let mean: [Float], std: [Float]
            if let manifest {
                guard manifest.input.name == info.name else {
                    throw unsupported("its manifest names the input '\(manifest.input.name)' but the graph's is '\(info.name)'")
                }
                guard manifest.input.color.uppercased() == "RGB" else {
                    throw unsupported("its input colour order is '\(manifest.input.color)'; Sightline prepares RGB input only")
                }
                switch manifest.input.layout {
                case .nchw: layout = .nchw
                case .nhwc: layout = .nhwc
                case .nwhc: throw unsupported("its input layout is NWHC; detectors take NCHW or NHWC input")
                }
                (mean, std) = (manifest.input.normalization.mean, manifest.input.normalization.std)
                guard mean.count == 3, std.count == 3, std.allSatisfy({ $0 != 0 && $0.isFinite }) else {
                    throw unsupported("its manifest's normalisation needs three means and three non-zero standard deviations")
                }
            } else {
                // Ultralytics exports take NCHW RGB in 0–1; an NHWC graph says so with 3 channels last.
                let channelsLast = info.shape.map { $0[3] == .fixed(3) && $0[1] != .fixed(3) } ?? false
                layout = channelsLast ? .nhwc : .nchw
                (mean, std) = ([0, 0, 0], [255, 255, 255])
            }
            var graphSize: ImageSize?
            if let shape = info.shape {
                let (heightAxis, widthAxis) = layout == .nchw ? (2, 3) : (1, 2)
                if case .fixed(let height) = shape[heightAxis], case .fixed(let width) = shape[widthAxis] {
                    graphSize = ImageSize(width: width, height: height)
                }
                let channelAxis = layout == .nchw ? 1 : 3
                if case .fixed(let channels) = shape[channelAxis], channels != 3 {
                    throw unsupported("its input '\(info.name)' has \(channels) channels; Sightline feeds RGB images (3)")
                }
            }
            return (ModelInput(name: info.name, layout: layout, mean: mean, std: std), graphSize)
        }

        /// The letterbox size: the graph's fixed size (which the options may only repeat), else
        /// the options', the manifest's, the `imgsz` metadata's, or 640×640.
        private static func inputSize(graphSize: ImageSize?, manifest: ModelManifest?, metadata: [String: String],
                                      options: ObjectDetectionOptions, model: String) throws -> ImageSize {
            if let graphSize {
                guard graphSize.width >= 1, graphSize.height >= 1 else {
                    throw ObjectDetectionError.unsupportedModel(model: model, reason: "its input size is \(graphSize)")
                }
                if let asked = options.inputSize, asked != graphSize {
                    throw ObjectDetectionError.invalidOptions(
                        "the model '\(model)' takes \(graphSize) input only, so it cannot be letterboxed to \(asked)")
                }
                return graphSize
            }
            if let asked = options.inputSize { return asked }
            if let manifest, let width = manifest.input.width, let height = manifest.input.height, width > 0, height > 0 {
                return ImageSize(width: width, height: height)
            }
            if let text = metadata[imageSizeMetadataKey], let size = imageSize(fromMetadata: text) {
                return size
            }
            return ImageSize(width: ObjectDetectionOptions.defaultInputSide, height: ObjectDetectionOptions.defaultInputSide)
        }

        /// Ultralytics writes `imgsz` as "[height, width]" (or one number for a square); nil
        /// when the text is anything else or out of range.
        static func imageSize(fromMetadata text: String) -> ImageSize? {
            let numbers = text.split(whereSeparator: { "[](), ".contains($0) }).map { Int($0) }
            guard !numbers.isEmpty, numbers.count <= 2, numbers.allSatisfy({ $0.map { (1 ... 8192).contains($0) } ?? false }) else {
                return nil
            }
            let height = numbers[0]!, width = numbers.last!!
            return ImageSize(width: width, height: height)
        }

        /// The output holding the predictions: the manifest's "detections" role, else the only
        /// output, else the first declared with three dimensions (older YOLOv5 exports add the
        /// raw per-scale heads as five-dimensional outputs).
        private static func predictionsOutput(of graph: Graph, session: InferenceSession, manifest: ModelManifest?,
                                              unsupported: (String) -> ObjectDetectionError) throws -> (String, [Int]?) {
            let names = session.outputNames
            let chosen: String
            if let manifestName = manifest?.outputs[detectionsOutputRole] {
                guard names.contains(manifestName) else {
                    throw unsupported("its manifest names the output '\(manifestName)' but the graph has "
                        + names.joined(separator: ", "))
                }
                chosen = manifestName
            } else if names.count == 1 {
                chosen = names[0]
            } else if let threeDimensional = graph.outputs.first(where: { $0.shape?.count == 3 && names.contains($0.name) }) {
                chosen = threeDimensional.name
            } else {
                throw unsupported("it has \(names.count) outputs (\(names.joined(separator: ", "))) and none is declared "
                    + "with three dimensions [1, boxes, values]; name the predictions in a manifest's '\(detectionsOutputRole)' output")
            }
            let declared = graph.outputs.first(where: { $0.name == chosen })?.shape
            let fixed = declared?.compactMap { dimension -> Int? in
                if case .fixed(let size) = dimension { return size }
                return nil
            }
            return (chosen, fixed?.count == declared?.count ? fixed : nil)
        }

        /// The class names: given, the manifest's, the metadata's, or none.
        private static func labels(_ given: [String]?, manifest: ModelManifest?, metadata: [String: String],
                                   unsupported: (String) -> ObjectDetectionError) throws -> DetectionLabels {
            if let given {
                guard !given.isEmpty else { throw ObjectDetectionError.invalidOptions("the labels given name no class") }
                return DetectionLabels(names: given, source: .provided)
            }
            if let manifest, !manifest.labels.isEmpty {
                return DetectionLabels(names: manifest.labels, source: .manifest)
            }
            do {
                if let names = try DetectionLabels.fromMetadata(metadata), !names.isEmpty {
                    return DetectionLabels(names: names, source: .metadata)
                }
            } catch let error as ClassNameList.ParseError {
                throw unsupported("its metadata '\(DetectionLabels.metadataKey)' cannot be read (\(error)); "
                    + "give the class names in a label file instead")
            }
            return DetectionLabels(names: [], source: .none)
        }
    }
}
