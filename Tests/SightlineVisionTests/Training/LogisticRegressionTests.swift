// LogisticRegressionTests: the fit against scikit-learn's LogisticRegression on the same
// feature matrix (same objective, so the same optimum), warm starts, determinism, and the
// regularisation path's early stopping on a validation set that stops agreeing.
import Foundation
import SightlineLab
import SightlineTestSupport
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class LogisticRegressionTests: XCTestCase {
    /// `rowsPerClass` rows per class of `features` values: class c is centred at a fixed
    /// pseudo-random point, plus unit Gaussian noise scaled by `spread`.
    static func blobs(classes: Int, rowsPerClass: Int, features: Int, spread: Double, seed: UInt64) -> LabelledFeatures {
        var generator = SeededRandomGenerator(seed: seed)
        func gaussian() -> Double {
            // Box–Muller.
            let u = max(generator.nextUnit(), 1e-12), v = generator.nextUnit()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        let centres = (0 ..< classes).map { _ in (0 ..< features).map { _ in 2 * gaussian() } }
        var values: [Float] = []
        var labels: [Int] = []
        for row in 0 ..< classes * rowsPerClass {
            let label = row % classes
            values += centres[label].map { Float($0 + spread * gaussian()) }
            labels.append(label)
        }
        return LabelledFeatures(features: FeatureMatrix(rows: labels.count, columns: features, values: values),
                                labels: labels, classCount: classes)
    }

    func testFitMatchesScikitLearnOnTheSameObjective() throws {
        try assertMatchesScikitLearn(Self.blobs(classes: 3, rowsPerClass: 20, features: 5, spread: 1.5, seed: 11), l2: 0.01)
    }

    func testTwoClassFitMatchesScikitLearnsSingleWeightVector() throws {
        try assertMatchesScikitLearn(Self.blobs(classes: 2, rowsPerClass: 25, features: 6, spread: 2, seed: 4), l2: 0.02)
    }

    func testClassWeightedFitMatchesScikitLearnsClassWeight() throws {
        var data = Self.blobs(classes: 3, rowsPerClass: 20, features: 5, spread: 1.5, seed: 11)
        data.classWeights = [1, 0.25, 2]
        try assertMatchesScikitLearn(data, l2: 0.01)
        let unweighted = LogisticRegressionTrainer(l2Regularization: 0.01, maximumIterations: 1000, gradientTolerance: 1e-8)
            .fit(Self.blobs(classes: 3, rowsPerClass: 20, features: 5, spread: 1.5, seed: 11))
        let weighted = LogisticRegressionTrainer(l2Regularization: 0.01, maximumIterations: 1000, gradientTolerance: 1e-8)
            .fit(data)
        // The down-weighted class is predicted for fewer rows, the up-weighted one for more.
        func predictions(of model: MultinomialLogisticRegression, _ label: Int) -> Int {
            model.predictedClasses(for: data.features).filter { $0 == label }.count
        }
        XCTAssertLessThanOrEqual(predictions(of: weighted.model, 1), predictions(of: unweighted.model, 1))
        XCTAssertGreaterThanOrEqual(predictions(of: weighted.model, 2), predictions(of: unweighted.model, 2))
        XCTAssertNotEqual(weighted.model.weights, unweighted.model.weights)
    }

    private func assertMatchesScikitLearn(_ data: LabelledFeatures, l2: Double, file: StaticString = #filePath,
                                          line: UInt = #line) throws {
        let fit = LogisticRegressionTrainer(l2Regularization: l2, maximumIterations: 1000, gradientTolerance: 1e-8).fit(data)
        XCTAssertNotEqual(fit.stopReason, .iterationLimit, file: file, line: line)

        let scratch = try ScratchFolder(testCase: self)
        let featuresFile = scratch.url.appendingPathComponent("features.npy")
        let labelsFile = scratch.url.appendingPathComponent("labels.npy")
        try NumpyFileWriter.write(values: data.features.values, shape: [data.features.rows, data.features.columns], to: featuresFile)
        try NumpyFileWriter.write(values: data.labels.map(Float.init), shape: [data.labels.count], to: labelsFile)
        let weights = data.classWeights.map { ["--class-weights", $0.map { String($0) }.joined(separator: ",")] } ?? []
        let printed = try ReferencePython.run(script: "scripts/reference/train_reference.py", arguments: ["fit", featuresFile.path, labelsFile.path, "--l2", String(l2)] + weights)
        let reference = try JSONDecoder().decode(ScikitLearnFit.self, from: Data(printed.utf8))

        let objective = SoftmaxCrossEntropy(data: data, l2: l2)
        var gradient = [Double](repeating: 0, count: objective.parameterCount)
        let ours = objective.value(at: fit.model.parameters, gradient: &gradient)
        XCTAssertEqual(ours, reference.objective, accuracy: 1e-6 * reference.objective, file: file, line: line)
        let classes = data.classCount, features = data.features.columns
        for c in 0 ..< classes {
            for k in 0 ..< features {
                XCTAssertEqual(Double(fit.model.weights[c * features + k]), reference.coef[c][k], accuracy: 2e-3,
                               "weight of class \(c), feature \(k)", file: file, line: line)
            }
        }
        // The biases are free up to a common shift (they are not penalised); compare differences.
        for c in 1 ..< classes {
            XCTAssertEqual(Double(fit.model.bias[c] - fit.model.bias[0]), reference.intercept[c] - reference.intercept[0],
                           accuracy: 2e-3, "bias of class \(c)", file: file, line: line)
        }
    }

    func testFittingIsDeterministicAndReportsEveryIteration() {
        let data = Self.blobs(classes: 4, rowsPerClass: 150, features: 33, spread: 2, seed: 5)
        let trainer = LogisticRegressionTrainer(l2Regularization: 1e-3, maximumIterations: 40)
        var reported: [LogisticRegressionIteration] = []
        let first = trainer.fit(data) { reported.append($0) }
        let second = trainer.fit(data)
        XCTAssertEqual(first.model, second.model)
        XCTAssertEqual(reported, first.history)
        XCTAssertEqual(first.history.map(\.iteration), Array(1 ... first.history.count))
        XCTAssertEqual(first.final, first.history.last)
        XCTAssertNil(first.final.validationLoss)
        XCTAssertLessThan(first.final.trainingLoss, first.history.first!.trainingLoss)
        XCTAssertGreaterThan(first.final.trainingAccuracy, 0.9)
    }

    func testAWarmStartAtTheOptimumStopsAtOnce() {
        let data = Self.blobs(classes: 3, rowsPerClass: 30, features: 8, spread: 1, seed: 2)
        let trainer = LogisticRegressionTrainer(l2Regularization: 0.01)
        let cold = trainer.fit(data)
        XCTAssertNotEqual(cold.stopReason, .iterationLimit)
        let warm = trainer.fit(data, startingFrom: cold.model)
        XCTAssertLessThan(warm.history.count, 3, "already at the optimum")
        XCTAssertEqual(warm.final.trainingLoss, cold.final.trainingLoss, accuracy: 1e-6)
    }

    func testThePathStopsWhenTheValidationLossRisesAndKeepsTheBestStrength() {
        // The validation rows are the training rows with every third label changed: weaker
        // regularisation first gets the other two thirds right, then grows ever more confident
        // on the changed ones, so the validation loss falls and then rises.
        let training = Self.blobs(classes: 3, rowsPerClass: 6, features: 20, spread: 1.5, seed: 21)
        let validation = LabelledFeatures(features: training.features, labels: training.labels.enumerated().map { row, label in
            row % 3 == 0 ? (label + 1) % 3 : label
        }, classCount: 3)
        let path = RegularizationPath(inverseStrengths: [0.001, 0.01, 0.1, 1, 10, 100, 1000])
        var finished: [RegularizationPathStep] = []
        var iterations = 0
        let fit = path.fit(training, validation: validation) { event in
            switch event {
            case .iteration: iterations += 1
            case .stepFinished(let step): finished.append(step)
            }
        }
        XCTAssertTrue(fit.stoppedEarly)
        XCTAssertEqual(finished, fit.steps)
        XCTAssertEqual(iterations, fit.steps.reduce(0) { $0 + $1.iterations })
        let losses = fit.steps.map { $0.final.validationLoss! }
        // The path ran while the loss fell, and stopped at the first step whose loss did not.
        XCTAssertEqual(losses.dropLast(), losses.dropLast().sorted(by: >)[...])
        XCTAssertGreaterThanOrEqual(losses.last!, losses[losses.count - 2])
        XCTAssertLessThan(fit.steps.count, 7)
        XCTAssertEqual(fit.chosen, fit.steps[fit.steps.count - 2])
        XCTAssertEqual(fit.chosen.l2Regularization, 1 / (fit.chosen.inverseStrength * 18), accuracy: 1e-12, "λ = 1 / (C·n)")
        // The returned weights are those of the chosen step: recompute its validation loss.
        let check = SoftmaxCrossEntropy(data: validation, l2: 0).lossAndAccuracy(of: fit.model)
        XCTAssertEqual(check.loss, fit.chosen.final.validationLoss!, accuracy: 1e-9)
    }

    func testWithoutValidationOnlyTheWeakestStrengthIsFitted() {
        let data = Self.blobs(classes: 2, rowsPerClass: 20, features: 4, spread: 1, seed: 8)
        let fit = RegularizationPath(inverseStrengths: [0.1, 1]).fit(data, validation: nil)
        XCTAssertEqual(fit.steps.map(\.inverseStrength), [1])
        XCTAssertFalse(fit.stoppedEarly)
        XCTAssertEqual(fit.model, LogisticRegressionTrainer(l2Regularization: 2.0 / 40).fit(data).model, "λ = 2 / (C·n) for two classes")
    }

    func testPredictionsAndProbabilitiesOfAHandMadeModel() {
        // Two classes over two features: class 1 scores x₀ − x₁ + 0.5, class 0 scores 0.
        let model = MultinomialLogisticRegression(classCount: 2, featureCount: 2, weights: [0, 0, 1, -1], bias: [0, 0.5])
        let features = FeatureMatrix(rows: 3, columns: 2, values: [1, 0, 0, 1, 0.25, 0.75])
        XCTAssertEqual(model.logits(for: features), [0, 1.5, 0, -0.5, 0, 0])
        XCTAssertEqual(model.predictedClasses(for: features), [1, 0, 0], "ties go to the lower index")
        let probabilities = model.probabilities(for: features)
        XCTAssertEqual(probabilities[1], Float(1 / (1 + exp(-1.5))), accuracy: 1e-6)
        XCTAssertEqual(probabilities[4], 0.5, accuracy: 1e-6)
    }
}

/// What `train_reference.py fit` prints.
private struct ScikitLearnFit: Decodable {
    var coef: [[Double]]
    var intercept: [Double]
    var objective: Double
}
