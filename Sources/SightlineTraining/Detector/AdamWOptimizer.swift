// AdamWOptimizer: Adam with decoupled weight decay (Loshchilov & Hutter) over one flat parameter
// vector, with a linear warm-up and a cosine decay of the learning rate over the planned steps —
// how the detector head is trained. Biases are not decayed.
import Foundation

struct AdamWOptimizer: Sendable {
    var learningRate: Double
    var weightDecay: Double
    var beta1: Double = 0.9
    var beta2: Double = 0.999
    var epsilon: Double = 1e-8
    /// Steps of linear warm-up from 0.
    var warmupSteps: Int
    /// The step the cosine decay reaches its floor at.
    var totalSteps: Int
    /// The decay's floor, as a fraction of `learningRate`.
    var finalFraction: Double = 0.05
    /// 1 for parameters that decay, 0 for those that do not (biases).
    let decayMask: [Float]

    private(set) var step = 0
    private var firstMoment: [Float]
    private var secondMoment: [Float]

    init(parameterCount: Int, decayMask: [Float], learningRate: Double, weightDecay: Double, warmupSteps: Int,
         totalSteps: Int) {
        precondition(decayMask.count == parameterCount, "one decay flag per parameter")
        self.learningRate = learningRate
        self.weightDecay = weightDecay
        self.warmupSteps = warmupSteps
        self.totalSteps = max(totalSteps, 1)
        self.decayMask = decayMask
        firstMoment = [Float](repeating: 0, count: parameterCount)
        secondMoment = firstMoment
    }

    /// The learning rate of the next step.
    var currentLearningRate: Double {
        let next = step + 1
        if next <= warmupSteps { return learningRate * Double(next) / Double(max(warmupSteps, 1)) }
        let progress = min(1, Double(next - warmupSteps) / Double(max(totalSteps - warmupSteps, 1)))
        return learningRate * (finalFraction + (1 - finalFraction) * 0.5 * (1 + cos(Double.pi * progress)))
    }

    /// One update of `parameters` by `gradient`.
    mutating func update(_ parameters: inout [Float], gradient: [Float]) {
        let rate = currentLearningRate
        step += 1
        let correction1 = 1 - pow(beta1, Double(step)), correction2 = 1 - pow(beta2, Double(step))
        let stepSize = Float(rate / correction1), decay = Float(rate * weightDecay)
        let b1 = Float(beta1), b2 = Float(beta2), root2 = Float(correction2.squareRoot()), eps = Float(epsilon)
        for index in parameters.indices {
            let g = gradient[index]
            firstMoment[index] = b1 * firstMoment[index] + (1 - b1) * g
            secondMoment[index] = b2 * secondMoment[index] + (1 - b2) * g * g
            let denominator = secondMoment[index].squareRoot() / root2 + eps
            parameters[index] -= decay * decayMask[index] * parameters[index] + stepSize * firstMoment[index] / denominator
        }
    }
}
