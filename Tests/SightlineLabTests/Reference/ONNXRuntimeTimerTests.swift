// ONNXRuntimeTimerTests: the persistent ONNX Runtime reference (`ort_bench.py serve`) times the
// runs it is asked for, ranks the sample photo as Sightline does, survives a bad request with
// an error that names it, and reports a model it cannot load.
import SightlineCommandSupport
@testable import SightlineLab
import SightlineVision
import XCTest

final class ONNXRuntimeTimerTests: XCTestCase {
    func testTimesBlocksOfRunsAndRanksTheSamplePhotoLikeSightline() throws {
        let model = try BenchTestSupport.installedModel("lite0")
        let repository = BenchTestSupport.repository
        let timer = try ONNXRuntimeTimer(reference: ONNXRuntimeReference(repository: repository, modelURL: model.modelURL, threads: 1))
        defer { timer.close() }
        XCTAssertFalse(timer.version.isEmpty)

        let engine = try timer.engineMilliseconds(batch: 2, runs: 3, warmup: 1)
        XCTAssertEqual(engine.count, 3)
        XCTAssert(engine.allSatisfy { $0 > 0 }, "\(engine)")

        let photo = repository.url(BenchmarkPhoto.samplePath)
        let whole = try timer.pipelineMilliseconds(.whole, image: photo, runs: 2, warmup: 0)
        XCTAssertEqual(whole.milliseconds.count, 2)
        let classifier = try ImageClassifier(model: model)
        let sightline = try classifier.classify(imageAt: photo, top: 5).observations.map(\.index)
        XCTAssertEqual(whole.top5, sightline)

        let prepare = try timer.pipelineMilliseconds(.prepare, image: photo, runs: 1, warmup: 0)
        let inference = try timer.pipelineMilliseconds(.inference, image: photo, runs: 2, warmup: 1)
        XCTAssertEqual(prepare.milliseconds.count, 1)
        XCTAssertEqual(inference.milliseconds.count, 2)
        XCTAssertEqual(inference.top5, sightline)
    }

    func testABadRequestIsReportedAndTheNextOneStillAnswered() throws {
        let model = try BenchTestSupport.installedModel("lite0")
        let scratch = try ScratchFolder(testCase: self)
        let missing = scratch.url.appendingPathComponent("no-such-photo.jpg")
        let timer = try ONNXRuntimeTimer(reference: ONNXRuntimeReference(
            repository: BenchTestSupport.repository, modelURL: model.modelURL, threads: 1))
        defer { timer.close() }
        XCTAssertThrowsError(try timer.pipelineMilliseconds(.whole, image: missing, runs: 1, warmup: 0)) { error in
            let message = "\(error)"
            XCTAssert(message.contains("no-such-photo.jpg") && message.contains("FileNotFoundError"), message)
        }
        XCTAssertEqual(try timer.engineMilliseconds(batch: 1, runs: 1, warmup: 0).count, 1)
    }

    func testAModelItCannotLoadIsReportedWithPythonsError() throws {
        _ = try BenchTestSupport.installedModel("lite0")  // the .venv and models are set up
        let scratch = try ScratchFolder(testCase: self)
        let notAModel = scratch.url.appendingPathComponent("broken.onnx")
        try Data("not a model".utf8).write(to: notAModel)
        XCTAssertThrowsError(try ONNXRuntimeTimer(reference: ONNXRuntimeReference(
            repository: BenchTestSupport.repository, modelURL: notAModel, threads: 1))) { error in
            let message = "\(error)"
            XCTAssert(message.contains("stopped before answering") && message.contains("broken.onnx"), message)
        }
    }
}
