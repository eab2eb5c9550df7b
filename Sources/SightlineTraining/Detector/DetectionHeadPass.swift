// DetectionHeadPass: one image through the detector head — forward, keeping every activation
// the backward pass needs, and backward from the gradients of the head's outputs to the
// gradients of all its parameters. One pass object per thread: it owns its buffers and is
// reused image after image.

/// The backbone's feature maps of one image, finest level first; each level's channels are
/// planes of `sizes[level]` pixels.
struct LevelFeatures {
    var sizes: [(height: Int, width: Int)]
    /// Per level: channels × height × width values.
    var values: [[Float]]
}

/// Forward and backward through a `DetectionHeadArchitecture` for one image at a time.
final class DetectionHeadPass {
    let architecture: DetectionHeadArchitecture
    let sizes: [(height: Int, width: Int)]
    private let workspace: LayerWorkspace

    /// Per level: the pyramid level (lateral + upsampled coarser level).
    private var pyramid: [[Float]]
    /// Per level and tower layer: the ReLU outputs.
    private var classActivations: [[[Float]]]
    private var boxActivations: [[[Float]]]
    /// Per level: class logits [classes][pixels] and box outputs [5][pixels].
    private(set) var classLogits: [[Float]]
    private(set) var boxOutputs: [[Float]]
    /// Gradient buffers reused by the backward pass.
    private var pyramidGradient: [[Float]]
    private var towerGradient: [Float]
    private var towerGradientNext: [Float]

    init(architecture: DetectionHeadArchitecture, sizes: [(height: Int, width: Int)]) {
        precondition(sizes.count == architecture.levelChannels.count, "one plane size per level")
        for level in 1 ..< sizes.count {
            precondition(sizes[level - 1].height == 2 * sizes[level].height && sizes[level - 1].width == 2 * sizes[level].width,
                         "each level must be half the size of the one before, got \(sizes)")
        }
        self.architecture = architecture
        self.sizes = sizes
        let pixels = sizes.map { $0.height * $0.width }
        let width = architecture.width, depth = architecture.towerDepth
        workspace = LayerWorkspace(layers: architecture.allLayers, pixels: pixels.max() ?? 1)
        pyramid = pixels.map { [Float](repeating: 0, count: width * $0) }
        classActivations = pixels.map { count in (0 ..< depth).map { _ in [Float](repeating: 0, count: width * count) } }
        boxActivations = classActivations
        classLogits = pixels.map { [Float](repeating: 0, count: architecture.classCount * $0) }
        boxOutputs = pixels.map { [Float](repeating: 0, count: DetectionHeadArchitecture.boxOutputs * $0) }
        pyramidGradient = pyramid
        towerGradient = [Float](repeating: 0, count: width * (pixels.max() ?? 1))
        towerGradientNext = towerGradient
    }

    /// Runs the head on `features`, leaving the outputs in `classLogits` and `boxOutputs`.
    func forward(parameters: [Float], features: LevelFeatures) {
        let levels = sizes.count
        parameters.withUnsafeBufferPointer { parameters in
            let weights = parameters.baseAddress!
            // Coarsest first: each level's lateral plus its coarser neighbour upsampled.
            for level in stride(from: levels - 1, through: 0, by: -1) {
                let (height, width) = sizes[level]
                features.values[level].withUnsafeBufferPointer { input in
                    pyramid[level].withUnsafeMutableBufferPointer { output in
                        architecture.laterals[level].forward(parameters: weights, input: input.baseAddress!, height: height,
                                                             width: width, output: output.baseAddress!, workspace: workspace)
                    }
                }
                if level + 1 < levels {
                    let coarse = pyramid[level + 1]
                    pyramid[level].withUnsafeMutableBufferPointer { fine in
                        coarse.withUnsafeBufferPointer { coarse in
                            Self.addUpsampled(coarse.baseAddress!, channels: architecture.width, height: height, width: width,
                                              to: fine.baseAddress!)
                        }
                    }
                }
            }
            for level in 0 ..< levels {
                let (height, width) = sizes[level]
                runTower(architecture.classTower, level: level, activations: &classActivations[level], weights: weights)
                runTower(architecture.boxTower, level: level, activations: &boxActivations[level], weights: weights)
                let classInput = architecture.towerDepth > 0 ? classActivations[level].last! : pyramid[level]
                let boxInput = architecture.towerDepth > 0 ? boxActivations[level].last! : pyramid[level]
                classInput.withUnsafeBufferPointer { input in
                    classLogits[level].withUnsafeMutableBufferPointer { output in
                        architecture.classPrediction.forward(parameters: weights, input: input.baseAddress!, height: height,
                                                             width: width, output: output.baseAddress!, workspace: workspace)
                    }
                }
                boxInput.withUnsafeBufferPointer { input in
                    boxOutputs[level].withUnsafeMutableBufferPointer { output in
                        architecture.boxPrediction.forward(parameters: weights, input: input.baseAddress!, height: height,
                                                           width: width, output: output.baseAddress!, workspace: workspace)
                    }
                }
            }
        }
    }

    /// Adds to `gradient` the parameter gradients of the loss whose gradients with respect to
    /// the last forward pass's outputs are `classGradient` and `boxGradient` (laid out like
    /// `classLogits` and `boxOutputs`).
    func backward(parameters: [Float], features: LevelFeatures, classGradient: [[Float]], boxGradient: [[Float]],
                  into gradient: inout [Float]) {
        let levels = sizes.count, channels = architecture.width
        parameters.withUnsafeBufferPointer { parameters in
            gradient.withUnsafeMutableBufferPointer { gradient in
                let weights = parameters.baseAddress!, gradients = gradient.baseAddress!
                for level in 0 ..< levels {
                    let pixels = sizes[level].height * sizes[level].width
                    pyramidGradient[level].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                    backTower(architecture.classTower, prediction: architecture.classPrediction, level: level,
                              activations: classActivations[level], outputGradient: classGradient[level],
                              weights: weights, gradients: gradients, pixels: pixels)
                    backTower(architecture.boxTower, prediction: architecture.boxPrediction, level: level,
                              activations: boxActivations[level], outputGradient: boxGradient[level],
                              weights: weights, gradients: gradients, pixels: pixels)
                }
                // Finest first: a level's gradient reaches its lateral and, summed over each 2×2
                // block, the coarser level it upsampled.
                for level in 0 ..< levels {
                    let (height, width) = sizes[level]
                    if level + 1 < levels {
                        let fine = pyramidGradient[level]
                        pyramidGradient[level + 1].withUnsafeMutableBufferPointer { coarse in
                            fine.withUnsafeBufferPointer { fine in
                                Self.addDownsampledSum(fine.baseAddress!, channels: channels, height: height, width: width,
                                                       to: coarse.baseAddress!)
                            }
                        }
                    }
                    features.values[level].withUnsafeBufferPointer { input in
                        pyramidGradient[level].withUnsafeBufferPointer { outputGradient in
                            architecture.laterals[level].backward(
                                parameters: weights, input: input.baseAddress!, height: height, width: width,
                                outputGradient: outputGradient.baseAddress!, parameterGradient: gradients,
                                inputGradient: nil, workspace: workspace)
                        }
                    }
                }
            }
        }
    }

    /// Each tower layer on the previous one's ReLU output (the first on the pyramid level).
    private func runTower(_ tower: [ConvolutionLayer], level: Int, activations: inout [[Float]],
                          weights: UnsafePointer<Float>) {
        let (height, width) = sizes[level]
        for (index, layer) in tower.enumerated() {
            let input = index == 0 ? pyramid[level] : activations[index - 1]
            input.withUnsafeBufferPointer { input in
                activations[index].withUnsafeMutableBufferPointer { output in
                    layer.forward(parameters: weights, input: input.baseAddress!, height: height, width: width,
                                  output: output.baseAddress!, workspace: workspace)
                    for index in output.indices where output[index] < 0 { output[index] = 0 }
                }
            }
        }
    }

    /// From a prediction's output gradient back through its tower to the pyramid level's
    /// gradient (added to `pyramidGradient[level]`).
    private func backTower(_ tower: [ConvolutionLayer], prediction: ConvolutionLayer, level: Int, activations: [[Float]],
                           outputGradient: [Float], weights: UnsafePointer<Float>, gradients: UnsafeMutablePointer<Float>,
                           pixels: Int) {
        let (height, width) = sizes[level]
        let count = architecture.width * pixels
        // The gradient of the prediction's input, then of each tower layer's input in turn.
        towerGradient.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        let predictionInput = tower.isEmpty ? pyramid[level] : activations[tower.count - 1]
        predictionInput.withUnsafeBufferPointer { input in
            outputGradient.withUnsafeBufferPointer { outputGradient in
                towerGradient.withUnsafeMutableBufferPointer { inputGradient in
                    prediction.backward(parameters: weights, input: input.baseAddress!, height: height, width: width,
                                        outputGradient: outputGradient.baseAddress!, parameterGradient: gradients,
                                        inputGradient: inputGradient.baseAddress!, workspace: workspace)
                }
            }
        }
        for index in stride(from: tower.count - 1, through: 0, by: -1) {
            // Through the ReLU: no gradient where the activation was cut to 0.
            activations[index].withUnsafeBufferPointer { activation in
                towerGradient.withUnsafeMutableBufferPointer { gradient in
                    for element in 0 ..< count where activation[element] <= 0 { gradient[element] = 0 }
                }
            }
            let input = index == 0 ? pyramid[level] : activations[index - 1]
            towerGradientNext.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            input.withUnsafeBufferPointer { input in
                towerGradient.withUnsafeBufferPointer { outputGradient in
                    towerGradientNext.withUnsafeMutableBufferPointer { inputGradient in
                        tower[index].backward(parameters: weights, input: input.baseAddress!, height: height, width: width,
                                              outputGradient: outputGradient.baseAddress!, parameterGradient: gradients,
                                              inputGradient: inputGradient.baseAddress!, workspace: workspace)
                    }
                }
            }
            swap(&towerGradient, &towerGradientNext)
        }
        pyramidGradient[level].withUnsafeMutableBufferPointer { target in
            towerGradient.withUnsafeBufferPointer { source in
                VectorMath.addScaled(1, source.baseAddress!, to: target.baseAddress!, count: count)
            }
        }
    }

    /// fine[c][y][x] += coarse[c][y / 2][x / 2] (nearest-neighbour 2× upsampling).
    static func addUpsampled(_ coarse: UnsafePointer<Float>, channels: Int, height: Int, width: Int,
                             to fine: UnsafeMutablePointer<Float>) {
        let coarseWidth = width / 2, coarsePixels = (height / 2) * coarseWidth
        for channel in 0 ..< channels {
            let source = coarse + channel * coarsePixels, target = fine + channel * height * width
            for y in 0 ..< height {
                let sourceRow = source + (y / 2) * coarseWidth, targetRow = target + y * width
                for x in 0 ..< width { targetRow[x] += sourceRow[x / 2] }
            }
        }
    }

    /// coarse[c][y][x] += Σ fine[c][2y + i][2x + j] — the gradient of `addUpsampled`.
    static func addDownsampledSum(_ fine: UnsafePointer<Float>, channels: Int, height: Int, width: Int,
                                  to coarse: UnsafeMutablePointer<Float>) {
        let coarseWidth = width / 2, coarsePixels = (height / 2) * coarseWidth
        for channel in 0 ..< channels {
            let source = fine + channel * height * width, target = coarse + channel * coarsePixels
            for y in 0 ..< height {
                let sourceRow = source + y * width, targetRow = target + (y / 2) * coarseWidth
                for x in 0 ..< width { targetRow[x / 2] += sourceRow[x] }
            }
        }
    }
}
