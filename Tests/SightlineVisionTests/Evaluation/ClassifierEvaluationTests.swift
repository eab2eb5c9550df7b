// ClassifierEvaluationTests: the evaluation report's numbers against values computed by hand,
// and against scikit-learn's classification metrics on many random outcomes.
import Foundation
import SightlineTestSupport
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class ClassifierEvaluationTests: XCTestCase {
    func testHandComputedReport() {
        // Model classes: 0 cat, 1 dog, 2 fox, 3 owl (owl never occurs).
        let labels = ["cat", "dog", "fox", "owl"]
        let outcomes = [
            ClassifierOutcome(truth: 0, ranking: [0, 1, 2]),  // cat → cat
            ClassifierOutcome(truth: 0, ranking: [0, 2, 1]),  // cat → cat
            ClassifierOutcome(truth: 0, ranking: [1, 0, 2]),  // cat → dog, cat second
            ClassifierOutcome(truth: 1, ranking: [1, 0, 2]),  // dog → dog
            ClassifierOutcome(truth: 1, ranking: [2, 3, 0]),  // dog → fox, dog not in top 3
            ClassifierOutcome(truth: 2, ranking: [2, 1, 0]),  // fox → fox
        ]
        let evaluation = ClassifierEvaluation(modelLabels: labels, outcomes: outcomes)
        XCTAssertEqual(evaluation.labels, ["cat", "dog", "fox"])
        XCTAssertEqual(evaluation.labelIndices, [0, 1, 2])
        XCTAssertEqual(evaluation.confusion, [[2, 1, 0], [0, 1, 1], [0, 0, 1]])
        XCTAssertEqual(evaluation.photoCount, 6)
        XCTAssertEqual(evaluation.accuracy, 4.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(evaluation.top3Accuracy, 5.0 / 6, accuracy: 1e-12)
        // cat: P 2/2, R 2/3, F1 0.8; dog: P 1/2, R 1/2, F1 0.5; fox: P 1/2, R 1/1, F1 2/3.
        let expected: [(count: Int, precision: Double, recall: Double, f1: Double)] = [
            (3, 1, 2.0 / 3, 0.8), (2, 0.5, 0.5, 0.5), (1, 0.5, 1, 2.0 / 3),
        ]
        for (metrics, wanted) in zip(evaluation.perClass, expected) {
            XCTAssertEqual(metrics.count, wanted.count, metrics.label)
            XCTAssertEqual(metrics.precision, wanted.precision, accuracy: 1e-12, metrics.label)
            XCTAssertEqual(metrics.recall, wanted.recall, accuracy: 1e-12, metrics.label)
            XCTAssertEqual(metrics.f1, wanted.f1, accuracy: 1e-12, metrics.label)
        }
        XCTAssertEqual(evaluation.perClass.map(\.predictedCount), [2, 2, 2])
        XCTAssertEqual(evaluation.macroPrecision, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(evaluation.macroRecall, (2.0 / 3 + 0.5 + 1) / 3, accuracy: 1e-12)
        XCTAssertEqual(evaluation.macroF1, (0.8 + 0.5 + 2.0 / 3) / 3, accuracy: 1e-12)
    }

    func testAClassOnlyPredictedHasZeroRecallAndCountsInTheMacroAverage() {
        let evaluation = ClassifierEvaluation(modelLabels: ["a", "b"], outcomes: [
            ClassifierOutcome(truth: 0, ranking: [1, 0]), ClassifierOutcome(truth: 0, ranking: [0, 1]),
        ])
        XCTAssertEqual(evaluation.labels, ["a", "b"])
        XCTAssertEqual(evaluation.perClass[1].count, 0)
        XCTAssertEqual(evaluation.perClass[1].precision, 0)
        XCTAssertEqual(evaluation.perClass[1].recall, 0)
        XCTAssertEqual(evaluation.macroRecall, 0.25)
    }

    func testNoOutcomesGiveAnEmptyReport() {
        let evaluation = ClassifierEvaluation(modelLabels: ["a"], outcomes: [])
        XCTAssertEqual(evaluation.labels, [])
        XCTAssertEqual(evaluation.accuracy, 0)
        XCTAssertEqual(evaluation.confusion, [])
    }

    func testMetricsMatchScikitLearnOnRandomOutcomes() throws {
        var generator = SeededRandomGenerator(seed: 99)
        let classCount = 7
        var outcomes: [ClassifierOutcome] = []
        for _ in 0 ..< 400 {
            let truth = generator.index(below: classCount - 1)  // the last class only ever predicted
            let predicted = generator.nextUnit() < 0.6 ? truth : generator.index(below: classCount)
            let others = generator.shuffled((0 ..< classCount).filter { $0 != predicted })
            outcomes.append(ClassifierOutcome(truth: truth, ranking: [predicted] + others.prefix(2)))
        }
        let evaluation = ClassifierEvaluation(modelLabels: (0 ..< classCount).map { "class \($0)" }, outcomes: outcomes)

        let scratch = try ScratchFolder(testCase: self)
        let file = try scratch.write(JSONSerialization.data(withJSONObject: [
            "truth": outcomes.map(\.truth), "predicted": outcomes.map { $0.ranking[0] },
        ]), to: "outcomes.json")
        let printed = try ReferencePython.run(script: "scripts/reference/train_reference.py", arguments: ["metrics", file.path])
        let reference = try JSONDecoder().decode(ScikitLearnMetrics.self, from: Data(printed.utf8))
        XCTAssertEqual(evaluation.labelIndices, reference.labels)
        XCTAssertEqual(evaluation.confusion, reference.confusion)
        XCTAssertEqual(evaluation.perClass.map(\.count), reference.support)
        for (index, metrics) in evaluation.perClass.enumerated() {
            XCTAssertEqual(metrics.precision, reference.precision[index], accuracy: 1e-12, metrics.label)
            XCTAssertEqual(metrics.recall, reference.recall[index], accuracy: 1e-12, metrics.label)
            XCTAssertEqual(metrics.f1, reference.f1[index], accuracy: 1e-12, metrics.label)
        }
        XCTAssertEqual(evaluation.accuracy, reference.accuracy, accuracy: 1e-12)
        XCTAssertEqual(evaluation.macroPrecision, reference.macroPrecision, accuracy: 1e-12)
        XCTAssertEqual(evaluation.macroRecall, reference.macroRecall, accuracy: 1e-12)
        XCTAssertEqual(evaluation.macroF1, reference.macroF1, accuracy: 1e-12)
    }

    func testFolderNamesMatchModelLabels() {
        let labels = ["bell pepper", "Granny Smith apple", "carrot", "carrots"]
        XCTAssertEqual(ClassifierEvaluator.matchingIndex(of: "carrot", in: labels), 2)
        XCTAssertEqual(ClassifierEvaluator.matchingIndex(of: "bell_pepper", in: labels), 0)
        XCTAssertEqual(ClassifierEvaluator.matchingIndex(of: "granny-smith_apple", in: labels), 1)
        XCTAssertNil(ClassifierEvaluator.matchingIndex(of: "onion", in: labels))
    }
}

/// What `train_reference.py metrics` prints.
private struct ScikitLearnMetrics: Decodable {
    var labels: [Int]
    var precision: [Double]
    var recall: [Double]
    var f1: [Double]
    var support: [Int]
    var macroPrecision: Double
    var macroRecall: Double
    var macroF1: Double
    var accuracy: Double
    var confusion: [[Int]]

    private enum CodingKeys: String, CodingKey {
        case labels, precision, recall, f1, support, accuracy, confusion
        case macroPrecision = "macro_precision"
        case macroRecall = "macro_recall"
        case macroF1 = "macro_f1"
    }
}
