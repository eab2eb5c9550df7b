// ONNXWriterTests: Model.serializedData() / write(to:) — every model the loader reads comes
// back unchanged after write → load, the same model always gives the same bytes, ONNX Runtime
// runs a written file with outputs identical to the original's, and bad models or paths fail
// with an EngineError.

import Foundation
import SightlineDataHome
import SightlineEngine
import SightlineTestSupport
import XCTest

final class ONNXWriterTests: XCTestCase {
    private static let fixtures = GeneratedLoaderModels()

    override class func tearDown() {
        fixtures.remove()
        super.tearDown()
    }

    // MARK: Round trips

    func testLoaderFixturesComeBackUnchanged() throws {
        let names = ["conv_typed.onnx", "conv_raw.onnx", "weights_as_inputs.onnx", "opset11.onnx",
                     "opset17.onnx", "attributes.onnx", "unsorted.onnx"]
        for name in names {
            let model = try Model(contentsOf: Self.fixtures.file(name))
            let written = try model.serializedData()
            let reloaded = try Model(serializedData: written)
            XCTAssertEqual(reloaded, model, name)
            XCTAssertEqual(try reloaded.serializedData(), written, "\(name): writing again must give the same bytes")
        }
    }

    func testHandBuiltModelWithEveryAttributeKindComesBackUnchanged() throws {
        let scratch = try scratchFolder()
        let model = Self.handBuiltModel()
        let url = scratch.appendingPathComponent("hand-built.onnx")
        try model.write(to: url)
        XCTAssertEqual(try Model(contentsOf: url), model)
    }

    func testInitialiserAndMetadataOrderDoesNotChangeTheBytes() throws {
        var model = Self.handBuiltModel()
        let first = try model.serializedData()
        // Dictionaries rebuilt in another insertion order hold the same model.
        model.metadata = Dictionary(uniqueKeysWithValues: model.metadata.sorted { $0.key > $1.key })
        model.graph.initializers = Dictionary(uniqueKeysWithValues: model.graph.initializers.sorted { $0.key > $1.key })
        XCTAssertEqual(try model.serializedData(), first)
    }

    // MARK: ONNX Runtime on written files

    func testONNXRuntimeAcceptsAHandBuiltGemmSoftmaxHead() throws {
        let scratch = try scratchFolder()
        let weights = (0 ..< 12).map { Float($0) * 0.37 - 2 }
        let graph = Graph(
            name: "head",
            nodes: [
                Node(name: "gemm", opType: "Gemm", inputs: ["features", "W", "b"], outputs: ["logits"],
                     attributes: ["transB": .int(1)]),
                Node(name: "softmax", opType: "Softmax", inputs: ["logits"], outputs: ["probabilities"],
                     attributes: ["axis": .int(1)]),
            ],
            initializers: ["W": Tensor(shape: [3, 4], floats: weights), "b": Tensor(shape: [3], floats: [0.5, -1, 0.25])],
            inputs: [ValueInfo(name: "features", elementType: .float32, shape: [.symbolic("batch"), .fixed(4)])],
            outputs: [ValueInfo(name: "logits", elementType: .float32, shape: [.symbolic("batch"), .fixed(3)]),
                      ValueInfo(name: "probabilities", elementType: .float32, shape: [.symbolic("batch"), .fixed(3)])])
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "sightline-tests",
                          metadata: ["labels": "[\"a\",\"b\",\"c\"]"], graph: graph)
        let written = scratch.appendingPathComponent("head.onnx")
        try model.write(to: written)
        // onnx's checker accepts the file and ONNX Runtime runs it (the file is compared with
        // itself: there is no other original); the values are checked against Sightline's own
        // run of the same model.
        try assertONNXRuntimeAgrees(original: written, written: written, batch: 3)
        let features = Tensor(shape: [2, 4], floats: [0.5, -1, 2, 0, 1, 1, -0.5, 3])
        let outputs = try InferenceSession(model: Model(contentsOf: written)).run(["features": features])
        let inputs = features.floats, bias = graph.initializers["b"]!.floats
        var expected: [Float] = []
        for row in 0 ..< 2 {
            for c in 0 ..< 3 {
                var sum = bias[c]
                for k in 0 ..< 4 { sum += inputs[row * 4 + k] * weights[c * 4 + k] }
                expected.append(sum)
            }
        }
        for (value, wanted) in zip(outputs["logits"]!.floats, expected) { XCTAssertEqual(value, wanted, accuracy: 1e-5) }
    }

    func testInstalledLite0ComesBackUnchangedAndRunsIdentically() throws {
        let home = DataHome.directory()
        let original = home.appendingPathComponent("models/lite0/model.onnx")
        guard FileManager.default.fileExists(atPath: original.path) else {
            try TestRequirement.unavailable("lite0 is not installed in \(home.path): run `make models`")
        }
        let scratch = try scratchFolder()
        let model = try Model(contentsOf: original)
        let written = scratch.appendingPathComponent("lite0.onnx")
        try model.write(to: written)
        XCTAssertEqual(try Model(contentsOf: written), model)
        try assertONNXRuntimeAgrees(original: original, written: written, batch: 1)
    }

    // MARK: Errors

    func testAGraphReadingAnUndefinedValueIsRefused() {
        var model = Self.handBuiltModel()
        model.graph.nodes[0].inputs[0] = "nowhere"
        XCTAssertThrowsError(try model.serializedData()) { error in
            guard case .invalidGraph(let reason)? = error as? EngineError else {
                return XCTFail("expected invalidGraph, got \(error)")
            }
            XCTAssertTrue(reason.contains("nowhere"), reason)
        }
    }

    func testAnUnsupportedOpsetIsRefused() {
        var model = Self.handBuiltModel()
        model.opsetVersion = 9
        XCTAssertThrowsError(try model.serializedData()) { error in
            XCTAssertEqual(error as? EngineError, .unsupportedOpset(domain: "", version: 9))
        }
    }

    func testWritingIntoAMissingFolderSaysSo() throws {
        let url = URL(fileURLWithPath: "/nonexistent-sightline-folder/model.onnx")
        XCTAssertThrowsError(try Self.handBuiltModel().write(to: url)) { error in
            guard case .unwritableFile(let path, _)? = error as? EngineError else {
                return XCTFail("expected unwritableFile, got \(error)")
            }
            XCTAssertEqual(path, url.path)
        }
    }

    // MARK: Helpers

    /// x [N, 2, 3, 3] → Conv(W) → Relu → Reshape(shape) → y, with one attribute of every kind
    /// on an Identity node and int64 initialisers.
    private static func handBuiltModel() -> Model {
        let attributes: [String: Attribute] = [
            "alpha": .float(-0.75),
            "count": .int(-3),
            "mode": .string("nearest ✓"),
            "scales": .floats([1, 2.5, -0.125]),
            "pads": .ints([0, 1, -1, Int(Int32.max) + 5]),
            "names": .strings(["a", "", "ü"]),
            "weights": .tensor(Tensor(shape: [2], int64s: [3, -4])),
            "table": .tensor(Tensor(shape: [2, 2], floats: [1.5, -2, 0, .greatestFiniteMagnitude])),
        ]
        let graph = Graph(
            name: "hand_built",
            nodes: [
                Node(name: "conv", opType: "Conv", inputs: ["x", "W", ""], outputs: ["conv"],
                     attributes: ["kernel_shape": .ints([3, 3]), "pads": .ints([1, 1, 1, 1])]),
                Node(name: "relu", opType: "Relu", inputs: ["conv"], outputs: ["relu"]),
                Node(name: "tagged", opType: "Identity", inputs: ["relu"], outputs: ["tagged"], attributes: attributes),
                Node(name: "flatten", opType: "Reshape", inputs: ["tagged", "shape"], outputs: ["y"]),
            ],
            initializers: [
                "W": Tensor(shape: [4, 2, 3, 3], floats: (0 ..< 72).map { Float($0) / 7 - 5 }),
                "shape": Tensor(shape: [2], int64s: [0, -1]),
                "unused_codes": Tensor(shape: [3], int64s: [.min, 0, .max]),
            ],
            inputs: [ValueInfo(name: "x", elementType: .float32,
                               shape: [.symbolic("batch"), .fixed(2), .fixed(3), .symbolic("")])],
            outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil),
                      ValueInfo(name: "relu", elementType: .float32, shape: [.symbolic("batch"), .fixed(4), .fixed(3), .fixed(3)])])
        return Model(irVersion: 8, opsetVersion: 13, producerName: "sightline-tests",
                     metadata: ["labels": "[\"cat\", \"dog\"]", "licence": "MIT", "note": "zwölf"], graph: graph)
    }

    private func assertONNXRuntimeAgrees(original: URL, written: URL, batch: Int,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let printed = try ReferencePython.run(script: "scripts/reference/compare_onnx_runs.py",
                                              arguments: [original.path, written.path, "--batch", String(batch)])
        guard let report = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any],
              let checker = report["checker"] as? String,
              let outputs = report["outputs"] as? [String: [String: Any]] else {
            return XCTFail("compare_onnx_runs.py printed no report: \(printed.prefix(300))", file: file, line: line)
        }
        XCTAssertEqual(checker, "ok", "onnx.checker on \(written.lastPathComponent)", file: file, line: line)
        XCTAssertFalse(outputs.isEmpty, file: file, line: line)
        for (name, comparison) in outputs {
            XCTAssertEqual(comparison["identical"] as? Bool, true,
                           "output '\(name)' of \(written.lastPathComponent): \(comparison)", file: file, line: line)
        }
    }

    private func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-writer-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// The ONNX files scripts/reference/make_loader_models.py writes, generated once per run.
private final class GeneratedLoaderModels: @unchecked Sendable {
    private let lock = NSLock()
    private var generated: Result<URL, any Error>?

    func file(_ name: String) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        let result = generated ?? Result {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("sightline-writer-models-\(UUID().uuidString)")
            try ReferencePython.run(script: "scripts/reference/make_loader_models.py", arguments: [directory.path])
            return directory
        }
        generated = result
        return try result.get().appendingPathComponent(name)
    }

    func remove() {
        lock.lock()
        defer { lock.unlock() }
        if case .success(let directory) = generated { try? FileManager.default.removeItem(at: directory) }
        generated = nil
    }
}
