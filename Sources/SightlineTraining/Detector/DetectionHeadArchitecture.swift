// DetectionHeadArchitecture: the shape of the detector head `sightline train-detector` trains on
// a frozen backbone — FCOS-style and anchor-free: a 1×1 lateral convolution per backbone level
// to a common width, a top-down feature pyramid (each level plus its coarser neighbour
// upsampled 2×), then, shared by every level, a classification tower and a box tower of 3×3
// convolutions with ReLU, a 3×3 class-score convolution and a 3×3 convolution giving the four
// box distances and the centre-ness. The layers' parameters live in one flat vector, in the
// order listed here, so the optimiser and the ONNX writer see the same layout.

import Foundation

/// The layers of a detector head and their places in the parameter vector.
struct DetectionHeadArchitecture: Sendable, Hashable {
    /// Channels of each backbone level, finest first.
    let levelChannels: [Int]
    /// The pyramid's and towers' width.
    let width: Int
    /// 3×3 convolutions (each followed by ReLU) in each tower.
    let towerDepth: Int
    let classCount: Int

    let laterals: [ConvolutionLayer]
    let classTower: [ConvolutionLayer]
    let boxTower: [ConvolutionLayer]
    /// class logits.
    let classPrediction: ConvolutionLayer
    /// left, top, right, bottom distances (before ReLU, in strides) and the centre-ness logit.
    let boxPrediction: ConvolutionLayer

    /// Outputs of `boxPrediction`: four distances and centre-ness.
    static let boxOutputs = 5

    init(levelChannels: [Int], width: Int, towerDepth: Int, classCount: Int) {
        precondition(levelChannels.count >= 2, "a pyramid needs at least two levels")
        self.levelChannels = levelChannels
        self.width = width
        self.towerDepth = towerDepth
        self.classCount = classCount
        var offset = 0
        func layer(_ input: Int, _ output: Int, _ kernel: Int) -> ConvolutionLayer {
            let made = ConvolutionLayer(inputChannels: input, outputChannels: output, kernelSize: kernel, offset: offset)
            offset = made.end
            return made
        }
        laterals = levelChannels.map { layer($0, width, 1) }
        classTower = (0 ..< towerDepth).map { _ in layer(width, width, 3) }
        boxTower = (0 ..< towerDepth).map { _ in layer(width, width, 3) }
        classPrediction = layer(width, classCount, 3)
        boxPrediction = layer(width, Self.boxOutputs, 3)
    }

    var allLayers: [ConvolutionLayer] { laterals + classTower + boxTower + [classPrediction, boxPrediction] }
    var parameterCount: Int { boxPrediction.end }

    /// The prior probability of an object the class scores start at (FCOS's 0.01).
    static let classPrior: Float = 0.01
    /// The box distances' starting bias, in strides: every distance starts positive, so ReLU
    /// passes its gradient from the first step.
    static let distanceBias: Float = 2

    /// Starting parameters: He-normal tower and lateral weights, small prediction weights,
    /// class biases at the prior, distance biases at `distanceBias`.
    func initialParameters(using generator: inout SeededRandomGenerator) -> [Float] {
        var parameters = [Float](repeating: 0, count: parameterCount)
        func normal(_ layer: ConvolutionLayer, std: Float) {
            for index in layer.offset ..< layer.biasOffset {
                // Box–Muller from two uniform draws.
                let u1 = max(generator.nextUnit(), 1e-12), u2 = generator.nextUnit()
                parameters[index] = std * Float((-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2))
            }
        }
        for layer in laterals + classTower + boxTower {
            normal(layer, std: (2 / Float(layer.filterSize)).squareRoot())
        }
        normal(classPrediction, std: 0.01)
        normal(boxPrediction, std: 0.01)
        let priorBias = -log((1 - Self.classPrior) / Self.classPrior)
        for channel in 0 ..< classCount { parameters[classPrediction.biasOffset + channel] = priorBias }
        for channel in 0 ..< 4 { parameters[boxPrediction.biasOffset + channel] = Self.distanceBias }
        return parameters
    }
}
