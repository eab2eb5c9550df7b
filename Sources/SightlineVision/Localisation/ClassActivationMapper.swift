// ClassActivationMapper: localisation without a detector. For a classifier whose head is global
// average pooling followed by a linear layer, the linear weights applied to the feature map
// *before* pooling give, per cell, how much that part of the photo adds to a class's score
// (Zhou et al., "Learning Deep Features for Discriminative Localization", 2016). The whole
// photo is fed uncropped — letterboxed into the model's input, aspect ratio kept — so the map
// covers all of it without distorting shapes.
import Foundation
import SightlineEngine
public import SightlineImaging

/// Computes class activation maps and boxes with an EfficientNet-Lite or `sightline train` model.
///
///     let mapper = try ClassActivationMapper(classifier: classifier)
///     let banana = try mapper.localize(image: photo).first   // the most likely class
///     banana?.regions.first?.boundingBox                      // pixels, origin top-left
public final class ClassActivationMapper: Sendable {
    public let classifier: ImageClassifier
    /// The classifier's input size, normalisation and layout; photos are letterboxed into it.
    public let preprocessing: ImagePreprocessing
    let head: LinearHead
    let featureMapName: String

    /// - Throws: `LocalizationError.noFeatureMap` or `.unsupportedHead` when the model cannot
    ///   produce maps; `ClassificationError.unusableModel` when its file cannot be read again.
    public init(classifier: ImageClassifier) throws {
        let manifest = classifier.model.manifest
        guard let featureMapName = manifest.outputs["feature_map"],
              classifier.session.outputNames.contains(featureMapName) else {
            throw LocalizationError.noFeatureMap(model: manifest.name)
        }
        let graph: Graph
        do {
            graph = try classifier.model.loadONNX().graph
        } catch let error as EngineError {
            throw ClassificationError.unusableModel(model: manifest.name, path: classifier.model.modelURL.path, reason: error)
        }
        head = try LinearHead(graph: graph, logitsName: classifier.logitsOutputName,
                              featureMapName: featureMapName, model: manifest.name)
        preprocessing = classifier.preprocessing
        self.classifier = classifier
        self.featureMapName = featureMapName
    }

    /// Maps the requested classes, or else the `top` most likely ones, in `image` (upright).
    ///
    /// - Parameter classIndices: classes to map, in this order; nil = the `top` most likely.
    /// - Throws: `LocalizationError.unknownClass` or `.inferenceFailed`.
    public func localize(image: RGBImage, classIndices: [Int]? = nil, top: Int = 1,
                         options: LocalizationOptions = LocalizationOptions()) throws -> [ClassLocalization] {
        let modelName = classifier.model.name
        let letterbox = Letterbox(imageSize: image.size,
                                  inputSize: ImageSize(width: preprocessing.cropWidth, height: preprocessing.cropHeight))
        let input = Tensor(shape: preprocessing.tensorShape(batchSize: 1),
                           floats: letterbox.tensorValues(of: image, mean: preprocessing.mean, std: preprocessing.std,
                                                          layout: preprocessing.layout))
        let outputs: [String: Tensor]
        do {
            outputs = try classifier.session.run([classifier.inputName: input])
        } catch let error as EngineError {
            throw LocalizationError.inferenceFailed(model: modelName, reason: error.description)
        }
        guard let logits = outputs[classifier.logitsOutputName], logits.count == head.classCount,
              let featureMap = outputs[featureMapName], featureMap.rank == 4,
              featureMap.shape[0] == 1, featureMap.shape[1] == head.channelCount else {
            throw LocalizationError.inferenceFailed(model: modelName, reason:
                "expected logits of \(head.classCount) classes and a feature map [1, \(head.channelCount), h, w]")
        }
        let probabilities = Self.softmax(logits.floats)
        let classes: [Int]
        if let classIndices {
            if let bad = classIndices.first(where: { !(0 ..< head.classCount).contains($0) }) {
                throw LocalizationError.unknownClass(model: modelName, index: bad, classCount: head.classCount)
            }
            classes = classIndices
        } else {
            classes = Array(probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }.prefix(max(top, 0)))
        }

        let (mapHeight, mapWidth) = (featureMap.shape[2], featureMap.shape[3])
        let features = featureMap.floats
        let labels = classifier.model.manifest.labels
        let (inputWidth, inputHeight) = (Double(letterbox.inputSize.width), Double(letterbox.inputSize.height))
        let photoRegion = (x: Double(letterbox.left) / inputWidth, y: Double(letterbox.top) / inputHeight,
                           width: Double(letterbox.contentSize.width) / inputWidth,
                           height: Double(letterbox.contentSize.height) / inputHeight)
        return classes.map { classIndex in
            let map = ClassActivationMap(width: mapWidth, height: mapHeight,
                                         scores: classScores(classIndex, features: features, cells: mapWidth * mapHeight),
                                         photoRegion: photoRegion)
            let regions = map.regions(threshold: options.threshold, minimumArea: options.minimumArea,
                                      photoWidth: image.width, photoHeight: image.height)
            return ClassLocalization(classIndex: classIndex,
                                     label: classIndex < labels.count ? labels[classIndex] : "class \(classIndex)",
                                     confidence: probabilities[classIndex], map: map,
                                     regions: Array(regions.prefix(max(options.maximumRegions, 0))))
        }
    }

    /// Σₖ weight(c, k) · feature[k, cell] for every cell of the map.
    func classScores(_ classIndex: Int, features: [Float], cells: Int) -> [Float] {
        var scores = [Float](repeating: 0, count: cells)
        let row = classIndex * head.channelCount
        for channel in 0 ..< head.channelCount {
            let weight = head.weights[row + channel]
            let base = channel * cells
            for cell in 0 ..< cells { scores[cell] += weight * features[base + cell] }
        }
        return scores
    }

    private static func softmax(_ logits: [Float]) -> [Double] {
        let largest = logits.max() ?? 0
        let exponentials = logits.map { exp(Double($0 - largest)) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }
}
