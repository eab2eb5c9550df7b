// MTCNNReferenceTimerTests: the persistent MTCNN reference (`ort_bench.py mtcnn`) records the
// tensors its detector feeds the three networks for a photo, times the blocks of runs it is
// asked for with each network's share, and survives a bad request with an error that names it.
import SightlineCommandSupport
@testable import SightlineLab
import SightlineEngine
import SightlineVision
import XCTest

final class MTCNNReferenceTimerTests: XCTestCase {
    func testRecordsTheNetworksInputsAndTimesBlocksOfRuns() throws {
        let pnet = try BenchTestSupport.installedModel("mtcnn-pnet")
        let rnet = try BenchTestSupport.installedModel("mtcnn-rnet")
        let onet = try BenchTestSupport.installedModel("mtcnn-onet")
        let scratch = try ScratchFolder(testCase: self)
        let tensorFolder = scratch.url.appendingPathComponent("tensors")
        let repository = BenchTestSupport.repository
        let timer = try MTCNNReferenceTimer(
            reference: ONNXRuntimeReference(repository: repository, modelURL: pnet.modelURL, threads: 1),
            photo: repository.url(BenchmarkFacePhoto.samplePath), refinementModel: rnet.modelURL,
            outputModel: onet.modelURL, tensorFolder: tensorFolder)
        defer { timer.close() }
        XCTAssertFalse(timer.version.isEmpty)

        // The seven people of the photo; P-Net on every pyramid level first, then one batch of
        // crops for R-Net and one for O-Net, each file a tensor of its network's input size
        // (these models take channels last).
        XCTAssertEqual(timer.faces, 7)
        let networks = timer.tensors.map(\.network)
        let levels = networks.prefix { $0 == "pnet" }.count
        XCTAssertGreaterThan(levels, 3)
        XCTAssertEqual(Array(networks.dropFirst(levels)), ["rnet", "onet"])
        for (file, network) in timer.tensors {
            XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, tensorFolder.standardizedFileURL.path)
            let tensor = try NumpyFileReader.tensor(contentsOf: file)
            XCTAssertEqual(tensor.rank, 4, file.lastPathComponent)
            XCTAssertEqual(tensor.shape[3], 3, file.lastPathComponent)
            if network != "pnet" { XCTAssertEqual(tensor.shape[1 ... 2], network == "rnet" ? [24, 24] : [48, 48]) }
        }

        let inference = try timer.inferenceMilliseconds(runs: 3, warmup: 1)
        XCTAssertEqual(inference.milliseconds.count, 3)
        XCTAssertEqual(Set(inference.networks.keys), ["pnet", "rnet", "onet"])
        for run in 0 ..< 3 {
            let shares = inference.networks.values.map { $0[run] }
            XCTAssert(shares.allSatisfy { $0 > 0 }, "\(inference.networks)")
            XCTAssertLessThanOrEqual(shares.reduce(0, +), inference.milliseconds[run] + 1e-6)
        }
        let detection = try timer.detectionMilliseconds(runs: 2, warmup: 0)
        XCTAssertEqual(detection.count, 2)
        XCTAssert(detection.allSatisfy { $0 > 0 }, "\(detection)")
    }

    func testABadRequestIsReportedAndTheNextOneStillAnswered() throws {
        let pnet = try BenchTestSupport.installedModel("mtcnn-pnet")
        let rnet = try BenchTestSupport.installedModel("mtcnn-rnet")
        let onet = try BenchTestSupport.installedModel("mtcnn-onet")
        let scratch = try ScratchFolder(testCase: self)
        let repository = BenchTestSupport.repository
        let timer = try MTCNNReferenceTimer(
            reference: ONNXRuntimeReference(repository: repository, modelURL: pnet.modelURL, threads: 1),
            photo: repository.url(BenchmarkFacePhoto.samplePath), refinementModel: rnet.modelURL,
            outputModel: onet.modelURL, tensorFolder: scratch.url)
        defer { timer.close() }
        XCTAssertThrowsError(try timer.detectionMilliseconds(runs: 0, warmup: 0)) { error in
            let message = "\(error)"
            XCTAssert(message.contains("runs must be at least 1") && message.contains("detection"), message)
        }
        XCTAssertEqual(try timer.inferenceMilliseconds(runs: 1, warmup: 0).milliseconds.count, 1)
    }
}
