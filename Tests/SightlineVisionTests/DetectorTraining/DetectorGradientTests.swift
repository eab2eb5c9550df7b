// DetectorGradientTests: the detector head's backward passes against finite differences — one
// convolution (1×1 and 3×3, with the input's gradient), the upsampling and its adjoint, the focal,
// GIoU and centre-ness losses, and the whole head (pyramid, towers, predictions) end to end:
// the analytic gradient of the loss with respect to sampled parameters must match central
// differences of the loss computed in double-checked float steps.
import Foundation
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class DetectorGradientTests: XCTestCase {
    private var generator = SeededRandomGenerator(seed: 42)

    private func randomValues(_ count: Int, scale: Float = 1) -> [Float] {
        (0 ..< count).map { _ in Float(generator.uniform(-1 ... 1)) * scale }
    }

    /// Central difference of `f` at `x[index]` with step `h`.
    private func numericSlope(_ f: ([Float]) -> Double, at x: [Float], index: Int, h: Float = 1e-2) -> Double {
        var plus = x, minus = x
        plus[index] += h
        minus[index] -= h
        return (f(plus) - f(minus)) / Double(2 * h)
    }

    private func assertClose(_ analytic: Double, _ numeric: Double, _ what: String, file: StaticString = #filePath,
                             line: UInt = #line) {
        let tolerance = 2e-3 + 2e-2 * max(abs(analytic), abs(numeric))
        XCTAssertEqual(analytic, numeric, accuracy: tolerance, what, file: file, line: line)
    }

    func testConvolutionBackwardMatchesFiniteDifferences() {
        for kernel in [1, 3] {
            let layer = ConvolutionLayer(inputChannels: 3, outputChannels: 4, kernelSize: kernel, offset: 0)
            let (height, width) = (5, 6), pixels = 30
            let parameters = randomValues(layer.parameterCount, scale: 0.5)
            let input = randomValues(3 * pixels)
            let weightsOfOutput = randomValues(4 * pixels)  // loss = Σ output · weightsOfOutput
            let workspace = LayerWorkspace(layers: [layer], pixels: pixels)
            func loss(parameters: [Float], input: [Float]) -> Double {
                var output = [Float](repeating: 0, count: 4 * pixels)
                layer.forward(parameters: parameters, input: input, height: height, width: width, output: &output, workspace: workspace)
                return zip(output, weightsOfOutput).reduce(0.0) { $0 + Double($1.0 * $1.1) }
            }
            var parameterGradient = [Float](repeating: 0, count: layer.parameterCount)
            var inputGradient = [Float](repeating: 0, count: 3 * pixels)
            layer.backward(parameters: parameters, input: input, height: height, width: width, outputGradient: weightsOfOutput,
                           parameterGradient: &parameterGradient, inputGradient: &inputGradient, workspace: workspace)
            for index in stride(from: 0, to: layer.parameterCount, by: 5) {
                assertClose(Double(parameterGradient[index]),
                            numericSlope({ loss(parameters: $0, input: input) }, at: parameters, index: index),
                            "kernel \(kernel), parameter \(index)")
            }
            for index in stride(from: 0, to: input.count, by: 7) {
                assertClose(Double(inputGradient[index]),
                            numericSlope({ loss(parameters: parameters, input: $0) }, at: input, index: index),
                            "kernel \(kernel), input \(index)")
            }
        }
    }

    func testUpsamplingSumIsItsAdjoint() {
        // ⟨up(c), f⟩ = ⟨c, down(f)⟩ for any coarse c and fine f.
        let coarse = randomValues(2 * 3 * 4), fine = randomValues(2 * 6 * 8)
        var upsampled = [Float](repeating: 0, count: fine.count)
        var summed = [Float](repeating: 0, count: coarse.count)
        DetectionHeadPass.addUpsampled(coarse, channels: 2, height: 6, width: 8, to: &upsampled)
        DetectionHeadPass.addDownsampledSum(fine, channels: 2, height: 6, width: 8, to: &summed)
        XCTAssertEqual(upsampled[8 * 3 + 5], coarse[4 * 1 + 2], "fine (5, 3) copies coarse (2, 1)")
        let left = zip(upsampled, fine).reduce(0.0) { $0 + Double($1.0 * $1.1) }
        let right = zip(coarse, summed).reduce(0.0) { $0 + Double($1.0 * $1.1) }
        XCTAssertEqual(left, right, accuracy: 1e-4)
    }

    func testFocalLossSlopes() {
        for logit: Float in [-6, -2, -0.3, 0, 0.7, 3, 8] {
            for positive in [false, true] {
                let (_, slope) = DetectionLoss.focal(logit, positive: positive)
                let h: Float = 1e-2
                let numeric = (Double(DetectionLoss.focal(logit + h, positive: positive).loss)
                    - Double(DetectionLoss.focal(logit - h, positive: positive).loss)) / Double(2 * h)
                assertClose(Double(slope), numeric, "logit \(logit), positive \(positive)")
            }
        }
        // Confident and right costs almost nothing; confident and wrong costs a lot.
        XCTAssertLessThan(DetectionLoss.focal(6, positive: true).loss, 1e-4)
        XCTAssertGreaterThan(DetectionLoss.focal(6, positive: false).loss, 1)
    }

    func testGIoUSlopes() {
        let cases: [([Float], [Float])] = [
            ([1, 2, 3, 4], [2, 2.5, 1.2, 3]), ([0.5, 0.4, 0.3, 0.2], [3, 3, 3, 3]), ([5, 1, 5, 1], [1, 5, 1, 5]),
            ([2.2, 1.1, 0.7, 3.3], [2, 1, 1, 3]),
        ]
        for (predicted, target) in cases {
            let (_, slopes) = DetectionLoss.giou(predicted: predicted, target: target)
            for side in 0 ..< 4 {
                let numeric = numericSlope({ Double(DetectionLoss.giou(predicted: $0, target: target).loss) },
                                           at: predicted, index: side, h: 1e-3)
                assertClose(Double(slopes[side]), numeric, "predicted \(predicted), target \(target), side \(side)")
            }
        }
        XCTAssertEqual(DetectionLoss.giou(predicted: [1, 2, 3, 4], target: [1, 2, 3, 4]).loss, 0, accuracy: 1e-6)
        // Disjoint boxes cost more than 1 (GIoU below 0).
        XCTAssertGreaterThan(DetectionLoss.giou(predicted: [0.1, 0.1, 0.1, 0.1], target: [4, 4, 4, 4]).loss, 0.9)
    }

    /// The whole head on two tiny levels: loss gradients with respect to sampled parameters
    /// of every layer, through the real targets and loss.
    func testHeadBackwardMatchesFiniteDifferences() {
        let architecture = DetectionHeadArchitecture(levelChannels: [3, 4], width: 4, towerDepth: 1, classCount: 2)
        let sizes = [(height: 4, width: 4), (height: 2, width: 2)]
        var parameters = architecture.initialParameters(using: &generator)
        // Bigger prediction weights than the starting 0.01, so every term is exercised.
        for layer in [architecture.classPrediction, architecture.boxPrediction] {
            for index in layer.offset ..< layer.biasOffset { parameters[index] = Float(generator.uniform(-0.5 ... 0.5)) }
        }
        let features = LevelFeatures(sizes: sizes, values: [randomValues(3 * 16), randomValues(4 * 4)])
        let boxes = [TrainingBox(x1: 2, y1: 3, x2: 20, y2: 25, classIndex: 0), TrainingBox(x1: 14, y1: 10, x2: 31, y2: 30, classIndex: 1)]
        let targets = DetectionTargets(boxes: boxes, sizes: sizes, strides: [8, 16])
        XCTAssertGreaterThan(targets.positiveCount, 1)
        let positives = Float(targets.positiveCount), centernessSum = targets.centernessSum
        let pass = DetectionHeadPass(architecture: architecture, sizes: sizes)
        var classGradient = sizes.map { [Float](repeating: 0, count: 2 * $0.height * $0.width) }
        var boxGradient = sizes.map { [Float](repeating: 0, count: 5 * $0.height * $0.width) }
        func loss(_ parameters: [Float]) -> Double {
            pass.forward(parameters: parameters, features: features)
            return DetectionLoss.evaluate(classLogits: pass.classLogits, boxOutputs: pass.boxOutputs, targets: targets,
                                          classCount: 2, positives: positives, centernessSum: centernessSum,
                                          classGradient: &classGradient, boxGradient: &boxGradient).total
        }
        _ = loss(parameters)
        var gradient = [Float](repeating: 0, count: architecture.parameterCount)
        pass.backward(parameters: parameters, features: features, classGradient: classGradient, boxGradient: boxGradient,
                      into: &gradient)
        var checked = 0
        for layer in architecture.allLayers {
            for index in [layer.offset, layer.offset + layer.weightCount / 2, layer.biasOffset, layer.end - 1] {
                assertClose(Double(gradient[index]), numericSlope(loss, at: parameters, index: index, h: 5e-3),
                            "parameter \(index) of the layer at \(layer.offset)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 4 * architecture.allLayers.count)
        XCTAssertTrue(gradient.contains { $0 != 0 })
    }
}
