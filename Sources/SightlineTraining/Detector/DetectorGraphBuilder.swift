// DetectorGraphBuilder: the ONNX graph of a trained detector head — ordinary ONNX operators
// (Conv, Relu, Resize, Add, Sigmoid, Mul, Pow, Concat, Reshape) on the backbone's feature maps,
// with the feature standardisation folded into the lateral convolutions, ending in one
// "detections" output in the YOLOv8 layout [1, 4 + classes, points]: each point's box centre,
// width and height in input pixels, then its class scores √(σ(class) · σ(centre-ness)). Any
// YOLOv8-style decoder — `ObjectDetector` included — reads it with no special case. The head's
// inputs are named after the backbone tensors they read, so putting it on the backbone cut at
// those tensors (`TrainedDetectorHead.composed(on:)`) makes the whole detector.
import SightlineEngine

enum DetectorGraphBuilder {
    /// The output's name (the manifest's "detections" role).
    static let outputName = "detections"

    /// The head's graph: one input per feature level (named as in the backbone, [1, C, H, W]).
    static func headGraph(_ trained: TrainedDetector) -> Graph {
        let architecture = trained.architecture, backbone = trained.backbone
        let parameters = trained.parameters
        var nodes: [Node] = []
        var initializers: [String: Tensor] = [:]
        let inputs = backbone.featureNames.indices.map { level in
            ValueInfo(name: backbone.featureNames[level], elementType: .float32,
                      shape: [.fixed(1), .fixed(backbone.channels[level]), .fixed(backbone.sizes[level].height),
                              .fixed(backbone.sizes[level].width)])
        }

        func weights(_ layer: ConvolutionLayer, outputs: Range<Int>? = nil) -> (Tensor, Tensor) {
            let range = outputs ?? 0 ..< layer.outputChannels
            let filter = layer.filterSize
            let weight = range.flatMap { channel in parameters[layer.offset + channel * filter ..< layer.offset + (channel + 1) * filter] }
            let bias = range.map { parameters[layer.biasOffset + $0] }
            return (Tensor(shape: [range.count, layer.inputChannels, layer.kernelSize, layer.kernelSize], floats: weight),
                    Tensor(shape: [range.count], floats: bias))
        }
        func conv(_ name: String, input: String, weight: String, bias: String?, kernel: Int) -> String {
            let pad = kernel / 2
            nodes.append(Node(name: name, opType: "Conv", inputs: [input, weight] + (bias.map { [$0] } ?? []), outputs: [name],
                              attributes: ["kernel_shape": .ints([kernel, kernel]), "pads": .ints([pad, pad, pad, pad]),
                                           "strides": .ints([1, 1])]))
            return name
        }
        func unary(_ op: String, _ name: String, _ input: String) -> String {
            nodes.append(Node(name: name, opType: op, inputs: [input], outputs: [name]))
            return name
        }
        func binary(_ op: String, _ name: String, _ a: String, _ b: String) -> String {
            nodes.append(Node(name: name, opType: op, inputs: [a, b], outputs: [name]))
            return name
        }
        func constant(_ name: String, _ tensor: Tensor) -> String {
            initializers[name] = tensor
            return name
        }

        // Shared head weights, once.
        func shared(_ layer: ConvolutionLayer, _ name: String, outputs: Range<Int>? = nil) -> (String, String) {
            let (weight, bias) = weights(layer, outputs: outputs)
            return (constant("\(name).weight", weight), constant("\(name).bias", bias))
        }
        let classTower = architecture.classTower.enumerated().map { shared($1, "det.class_tower.\($0)") }
        let boxTower = architecture.boxTower.enumerated().map { shared($1, "det.box_tower.\($0)") }
        let classPrediction = shared(architecture.classPrediction, "det.class_prediction")
        let distancePrediction = shared(architecture.boxPrediction, "det.distance_prediction", outputs: 0 ..< 4)
        let centernessPrediction = shared(architecture.boxPrediction, "det.centerness_prediction", outputs: 4 ..< 5)
        let half = constant("det.half", Tensor(shape: [], floats: [0.5]))
        let upsampleScales = constant("det.upsample_scales", Tensor(shape: [4], floats: [1, 1, 2, 2]))

        // Laterals with the standardisation folded in, and the top-down pyramid.
        let levels = backbone.featureNames.count
        var pyramid = [String](repeating: "", count: levels)
        for level in stride(from: levels - 1, through: 0, by: -1) {
            let layer = architecture.laterals[level]
            let (weight, bias) = weights(layer)
            var folded = weight.floats, foldedBias = bias.floats
            for output in 0 ..< layer.outputChannels {
                for channel in 0 ..< layer.inputChannels {
                    let index = output * layer.inputChannels + channel
                    let scaled = folded[index] / trained.featureStd[level][channel]
                    folded[index] = scaled
                    foldedBias[output] -= scaled * trained.featureMean[level][channel]
                }
            }
            let lateral = conv("det.lateral.\(level)", input: backbone.featureNames[level],
                               weight: constant("det.lateral.\(level).weight", Tensor(shape: weight.shape, floats: folded)),
                               bias: constant("det.lateral.\(level).bias", Tensor(shape: bias.shape, floats: foldedBias)), kernel: 1)
            if level == levels - 1 {
                pyramid[level] = lateral
            } else {
                let upsampled = "det.upsample.\(level + 1)"
                nodes.append(Node(name: upsampled, opType: "Resize", inputs: [pyramid[level + 1], "", upsampleScales],
                                  outputs: [upsampled], attributes: ["mode": .string("nearest")]))
                pyramid[level] = binary("Add", "det.pyramid.\(level)", lateral, upsampled)
            }
        }

        var levelOutputs: [String] = []
        for level in 0 ..< levels {
            let (height, width) = backbone.sizes[level], stride = Float(backbone.strides[level])
            var classFeatures = pyramid[level], boxFeatures = pyramid[level]
            for (index, (weight, bias)) in classTower.enumerated() {
                classFeatures = unary("Relu", "det.l\(level).class_tower.\(index).relu",
                                      conv("det.l\(level).class_tower.\(index)", input: classFeatures, weight: weight, bias: bias, kernel: 3))
            }
            for (index, (weight, bias)) in boxTower.enumerated() {
                boxFeatures = unary("Relu", "det.l\(level).box_tower.\(index).relu",
                                    conv("det.l\(level).box_tower.\(index)", input: boxFeatures, weight: weight, bias: bias, kernel: 3))
            }
            let classScores = unary("Sigmoid", "det.l\(level).class_sigmoid",
                                    conv("det.l\(level).class_prediction", input: classFeatures, weight: classPrediction.0,
                                         bias: classPrediction.1, kernel: 3))
            let centerness = unary("Sigmoid", "det.l\(level).centerness_sigmoid",
                                   conv("det.l\(level).centerness_prediction", input: boxFeatures, weight: centernessPrediction.0,
                                        bias: centernessPrediction.1, kernel: 3))
            let scores = binary("Pow", "det.l\(level).scores",
                                binary("Mul", "det.l\(level).score_product", classScores, centerness), half)
            let distances = unary("Relu", "det.l\(level).distances",
                                  conv("det.l\(level).distance_prediction", input: boxFeatures, weight: distancePrediction.0,
                                       bias: distancePrediction.1, kernel: 3))
            // (l, t, r, b) in strides → (cx − x, cy − y, w, h) in pixels, then the points added.
            let toBox = constant("det.l\(level).to_box", Tensor(shape: [4, 4, 1, 1], floats: [
                -stride / 2, 0, stride / 2, 0,
                0, -stride / 2, 0, stride / 2,
                stride, 0, stride, 0,
                0, stride, 0, stride,
            ]))
            var grid = [Float](repeating: 0, count: 4 * height * width)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    grid[y * width + x] = (Float(x) + 0.5) * stride
                    grid[height * width + y * width + x] = (Float(y) + 0.5) * stride
                }
            }
            let boxes = binary("Add", "det.l\(level).boxes",
                               conv("det.l\(level).box_offsets", input: distances, weight: toBox, bias: nil, kernel: 1),
                               constant("det.l\(level).points", Tensor(shape: [1, 4, height, width], floats: grid)))
            let joined = "det.l\(level).joined"
            nodes.append(Node(name: joined, opType: "Concat", inputs: [boxes, scores], outputs: [joined], attributes: ["axis": .int(1)]))
            let shape = constant("det.l\(level).flat_shape", Tensor(shape: [3], int64s: [1, Int64(4 + architecture.classCount),
                                                                                      Int64(height * width)]))
            levelOutputs.append(binary("Reshape", "det.l\(level).flat", joined, shape))
        }
        nodes.append(Node(name: outputName, opType: "Concat", inputs: levelOutputs, outputs: [outputName],
                          attributes: ["axis": .int(2)]))
        let points = backbone.sizes.reduce(0) { $0 + $1.height * $1.width }
        let output = ValueInfo(name: outputName, elementType: .float32,
                               shape: [.fixed(1), .fixed(4 + architecture.classCount), .fixed(points)])
        return Graph(name: "detector_head", nodes: nodes, initializers: initializers, inputs: inputs, outputs: [output])
    }
}
