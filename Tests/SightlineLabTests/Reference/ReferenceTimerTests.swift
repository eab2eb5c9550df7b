// ReferenceTimerTests: the persistent reference runtimes (`ort_bench.py serve`,
// `openvino_bench.py serve`) time the runs they are asked for, rank the sample photo as
// Sightline does, say which version and precision they run, survive a bad request with an error
// that names it, and report a model they cannot load.
import SightlineCommandSupport
@testable import SightlineLab
import SightlineVision
import XCTest

final class ReferenceTimerTests: XCTestCase {
    func testEachRuntimeTimesBlocksOfRunsAndRanksTheSamplePhotoLikeSightline() throws {
        let model = try BenchTestSupport.installedModel("lite0")
        let repository = BenchTestSupport.repository
        let photo = repository.url(BenchmarkPhoto.samplePath)
        let sightline = try ImageClassifier(model: model).classify(imageAt: photo, top: 5).observations.map(\.index)
        let cpuHasBFloat16 = MachineDescription.current().precisionFeatures.contains { $0.hasSuffix("_bf16") }
        for runtime in ReferenceRuntime.allCases {
            let timer = try ReferenceTimer(runtime, repository: repository, modelURL: model.modelURL, threads: 1)
            defer { timer.close() }
            XCTAssertEqual(timer.runtime, runtime)
            XCTAssert(timer.version.first?.isNumber == true, "\(runtime): version \(timer.version)")
            // ONNX Runtime computes in FP32; OpenVINO picks bfloat16 by itself only where the CPU has it.
            XCTAssertEqual(timer.precision, runtime == .openVINO && cpuHasBFloat16 ? "bf16" : "f32", "\(runtime)")

            let engine = try timer.engineMilliseconds(batch: 2, runs: 3, warmup: 1)
            XCTAssertEqual(engine.count, 3)
            XCTAssert(engine.allSatisfy { $0 > 0 }, "\(runtime): \(engine)")

            let whole = try timer.pipelineMilliseconds(.whole, image: photo, runs: 2, warmup: 0)
            XCTAssertEqual(whole.milliseconds.count, 2)
            XCTAssertEqual(whole.top5, sightline, "\(runtime)")

            let prepare = try timer.pipelineMilliseconds(.prepare, image: photo, runs: 1, warmup: 0)
            let inference = try timer.pipelineMilliseconds(.inference, image: photo, runs: 2, warmup: 1)
            XCTAssertEqual(prepare.milliseconds.count, 1)
            XCTAssertEqual(inference.milliseconds.count, 2)
            XCTAssertEqual(inference.top5, sightline, "\(runtime)")
        }
    }

    func testABadRequestIsReportedAndTheNextOneStillAnswered() throws {
        let model = try BenchTestSupport.installedModel("lite0")
        let scratch = try ScratchFolder(testCase: self)
        let missing = scratch.url.appendingPathComponent("no-such-photo.jpg")
        for runtime in ReferenceRuntime.allCases {
            let timer = try ReferenceTimer(runtime, repository: BenchTestSupport.repository, modelURL: model.modelURL, threads: 1)
            defer { timer.close() }
            XCTAssertThrowsError(try timer.pipelineMilliseconds(.whole, image: missing, runs: 1, warmup: 0)) { error in
                let message = "\(error)"
                XCTAssert(message.contains("no-such-photo.jpg") && message.contains("FileNotFoundError"), "\(runtime): \(message)")
            }
            XCTAssertEqual(try timer.engineMilliseconds(batch: 1, runs: 1, warmup: 0).count, 1)
        }
    }

    func testAModelItCannotLoadIsReportedWithPythonsError() throws {
        _ = try BenchTestSupport.installedModel("lite0")  // the .venv and models are set up
        let scratch = try ScratchFolder(testCase: self)
        let notAModel = scratch.url.appendingPathComponent("broken.onnx")
        try Data("not a model".utf8).write(to: notAModel)
        for runtime in ReferenceRuntime.allCases {
            XCTAssertThrowsError(try ReferenceTimer(runtime, repository: BenchTestSupport.repository, modelURL: notAModel, threads: 1)) { error in
                let message = "\(error)"
                XCTAssert(message.contains("stopped before answering") && message.contains("broken.onnx"), "\(runtime): \(message)")
            }
        }
    }
}
