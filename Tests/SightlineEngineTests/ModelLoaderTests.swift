// ModelLoaderTests: loads ONNX files written at test time by the `onnx` Python package
// (scripts/reference/make_loader_models.py) and checks the Graph the loader builds from them —
// tensors from raw_data and typed fields, attributes, metadata, opsets — and that every broken
// or unsupported file fails with the right EngineError instead of crashing.

import Foundation
import SightlineDataHome
import SightlineEngine
import SightlineTestSupport
import XCTest

final class ModelLoaderTests: XCTestCase {
    override class func tearDown() {
        LoaderFixtures.shared.removeGeneratedFiles()
        super.tearDown()
    }

    // MARK: Tensors, attributes and header

    func testTypedFieldsAndRawDataGiveTheSameTensors() throws {
        let typed = try loadFixture("conv_typed.onnx").graph.initializers
        let raw = try loadFixture("conv_raw.onnx").graph.initializers

        let expected: [String: Tensor] = [
            "W": Tensor(shape: [2, 3, 3, 3], floats: (0..<54).map { Float($0) * 0.25 - 3 }),
            "B": Tensor(shape: [2], floats: [0.5, -1.5]),
            "shape": Tensor(shape: [2], int64s: [1, -1]),
            // int32 is widened to int64, float64 narrowed to float32.
            "codes": Tensor(shape: [5], int64s: [-2_147_483_648, -1, 0, 7, 2_147_483_647]),
            "scales": Tensor(shape: [3], floats: [0.5, -1.25, 3.0]),
        ]
        XCTAssertEqual(Set(typed.keys), Set(expected.keys))
        for (name, tensor) in expected {
            XCTAssertEqual(typed[name], tensor, "\(name) from typed fields")
            XCTAssertEqual(raw[name], tensor, "\(name) from raw_data")
        }
    }

    func testConvModelHeaderNodesAndDeclarations() throws {
        let model = try loadFixture("conv_raw.onnx")
        XCTAssertEqual(model.opsetVersion, 13)
        XCTAssertGreaterThanOrEqual(model.irVersion, 7)
        XCTAssertEqual(model.producerName, "sightline-tests")
        XCTAssertEqual(model.metadata, ["labels": "face,background", "licence": "MIT"])

        let graph = model.graph
        XCTAssertEqual(graph.name, "conv_graph")
        XCTAssertEqual(graph.nodes.map(\.name), ["conv", "relu", "flatten"])
        XCTAssertEqual(graph.nodes.map(\.opType), ["Conv", "Relu", "Reshape"])
        XCTAssertEqual(graph.nodes[0].inputs, ["x", "W", "B"])
        XCTAssertEqual(graph.nodes[0].attributes, ["kernel_shape": .ints([3, 3])])
        XCTAssertEqual(graph.inputs, [ValueInfo(name: "x", elementType: .float32,
                                                shape: [.symbolic("N"), .fixed(3), .fixed(5), .fixed(5)])])
        XCTAssertEqual(graph.outputs, [ValueInfo(name: "y", elementType: .float32, shape: [.symbolic("N"), .fixed(18)])])
    }

    func testInitialisersListedAsInputsAreNotGraphInputs() throws {
        let graph = try loadFixture("weights_as_inputs.onnx").graph
        XCTAssertEqual(graph.inputs.map(\.name), ["x"])
        XCTAssertEqual(Set(graph.initializers.keys), ["W", "B", "shape", "codes", "scales"])
    }

    func testAttributesOfEveryKindAndGeneratedNodeNames() throws {
        let graph = try loadFixture("attributes.onnx").graph
        XCTAssertEqual(graph.nodes.map(\.name), ["Identity_0", "Constant_1"])
        XCTAssertEqual(graph.nodes[0].attributes, [
            "alpha": .float(0.5),
            "count": .int(3),
            "mode": .string("nearest"),
            "scales": .floats([1.0, 2.5]),
            "pads": .ints([0, 1, -1]),
            "names": .strings(["a", "b"]),
            "weights": .tensor(Tensor(shape: [2], int64s: [3, -4])),
        ])
        XCTAssertEqual(graph.nodes[1].attributes,
                       ["value": .tensor(Tensor(shape: [2, 2], floats: [1.5, -2, 0, 4]))])
    }

    // MARK: Opsets, domains, element types

    func testOpsetsElevenToSeventeenLoadAndOthersAreRefused() throws {
        try TestRequirement.pythonReferences()
        XCTAssertEqual(try loadFixture("opset11.onnx").opsetVersion, 11)
        XCTAssertEqual(try loadFixture("opset17.onnx").opsetVersion, 17)
        assertLoadFails("opset10.onnx", with: .unsupportedOpset(domain: "", version: 10))
        assertLoadFails("opset18.onnx", with: .unsupportedOpset(domain: "", version: 18))
    }

    func testOtherDomainsAreAllowedOnlyWhenNoNodeUsesThem() throws {
        try TestRequirement.pythonReferences()
        XCTAssertEqual(try loadFixture("unused_domain.onnx").graph.nodes.map(\.opType), ["Relu"])
        assertLoadFails("custom_domain.onnx",
                        with: .unsupportedOperator(node: "fancy", op: "FancyOp", domain: "com.example"))
    }

    func testFloat16InitialiserIsRefusedOnlyWhenUsed() throws {
        try TestRequirement.pythonReferences()
        assertLoadFails("float16_used.onnx", with: .unsupportedElementType(tensor: "half_weights", type: "float16"))
        let graph = try loadFixture("float16_unused.onnx").graph
        XCTAssertEqual(Array(graph.initializers.keys), ["bias"])
    }

    func testExternalDataIsRefusedNamingTheFile() throws {
        try TestRequirement.pythonReferences()
        assertLoadFails("external_data.onnx", reasonContains: ["'W'", "external_weights.bin", "not supported"]) {
            if case .malformedModel = $0 { return true } else { return false }
        }
    }

    func testSubgraphAttributeIsRefusedNamingTheNode() throws {
        try TestRequirement.pythonReferences()
        XCTAssertThrowsError(try loadFixture("subgraph.onnx")) { error in
            guard case let .invalidAttribute(node, op, attribute, reason)? = error as? EngineError else {
                return XCTFail("expected invalidAttribute, got \(error)")
            }
            XCTAssertEqual(node, "choose")
            XCTAssertEqual(op, "If")
            XCTAssertTrue(["then_branch", "else_branch"].contains(attribute), attribute)
            XCTAssertTrue(reason.contains("subgraphs are not supported"), reason)
        }
    }

    // MARK: Initialiser sizes

    func testInitialiserDataMustMatchItsDimensions() throws {
        try TestRequirement.pythonReferences()
        let isMalformed: (EngineError) -> Bool = { if case .malformedModel = $0 { return true } else { return false } }
        assertLoadFails("raw_size_mismatch.onnx", reasonContains: ["'bias'", "needs 24 bytes", "has 20"],
                        isExpectedCase: isMalformed)
        assertLoadFails("typed_size_mismatch.onnx", reasonContains: ["'bias'", "needs 6 values", "float_data holds 5"],
                        isExpectedCase: isMalformed)
        assertLoadFails("negative_dims.onnx", reasonContains: ["'bias'", "-2"], isExpectedCase: isMalformed)
        assertLoadFails("huge_dims.onnx", reasonContains: ["'bias'", "too large"], isExpectedCase: isMalformed)
    }

    // MARK: Graph structure (checked by GraphValidator at the end of loading)

    func testNodesOutOfOrderAreSortedOnLoad() throws {
        try TestRequirement.pythonReferences()
        XCTAssertEqual(try loadFixture("unsorted.onnx").graph.nodes.map(\.name), ["first", "last"])
    }

    func testStructuralErrorsAreReported() throws {
        try TestRequirement.pythonReferences()
        let isInvalidGraph: (EngineError) -> Bool = { if case .invalidGraph = $0 { return true } else { return false } }
        assertLoadFails("cycle.onnx", reasonContains: ["cycle", "'first'", "'second'"], isExpectedCase: isInvalidGraph)
        assertLoadFails("missing_input.onnx", reasonContains: ["'add'", "'ghost'"], isExpectedCase: isInvalidGraph)
        assertLoadFails("duplicate_output.onnx", reasonContains: ["'y'", "produced twice", "'relu'", "'sigmoid'"],
                        isExpectedCase: isInvalidGraph)
    }

    // MARK: Bad files and limits

    func testZeroTruncatedAndRandomBytesAreMalformed() throws {
        let valid = try Data(contentsOf: fixture("conv_raw.onnx"))
        let random = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &seededBytes) })
        for (label, bytes) in [("zero bytes", Data()), ("truncated", valid.prefix(valid.count / 2)), ("random", random)] {
            XCTAssertThrowsError(try Model(serializedData: bytes), label) { error in
                guard case .malformedModel(let reason)? = error as? EngineError else {
                    return XCTFail("\(label): expected malformedModel, got \(error)")
                }
                XCTAssertFalse(reason.isEmpty, label)
            }
        }
        XCTAssertThrowsError(try Model(serializedData: valid.prefix(valid.count / 2))) { error in
            XCTAssertTrue("\(error)".contains("protobuf"), "the decoder's error should be quoted: \(error)")
        }

        let emptyFile = try temporaryFile(named: "empty.onnx", contents: Data())
        XCTAssertThrowsError(try Model(contentsOf: emptyFile)) { error in
            XCTAssertEqual(error as? EngineError, .malformedModel(reason: "the model is empty (0 bytes)"))
        }
    }

    func testMissingFileAndDirectoryAreUnreadable() throws {
        try TestRequirement.pythonReferences()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).onnx")
        XCTAssertThrowsError(try Model(contentsOf: missing)) { error in
            XCTAssertEqual(error as? EngineError, .unreadableFile(path: missing.path, reason: "no such file"))
        }
        XCTAssertThrowsError(try Model(contentsOf: try fixturesDirectory())) { error in
            guard case .unreadableFile(_, let reason)? = error as? EngineError else {
                return XCTFail("expected unreadableFile, got \(error)")
            }
            XCTAssertTrue(reason.contains("directory"), reason)
        }
    }

    func testFileSizeAndNodeCountLimits() throws {
        let url = try fixture("conv_raw.onnx")
        let size = try Data(contentsOf: url).count
        XCTAssertThrowsError(try Model(contentsOf: url, limits: ModelLoadingLimits(maximumFileSize: 100))) { error in
            XCTAssertEqual(error as? EngineError, .exceedsLoadingLimit(limit: "maximumFileSize", value: size, maximum: 100))
            XCTAssertTrue("\(error)".contains("\(size) bytes, more than the limit of 100 (ModelLoadingLimits.maximumFileSize)"),
                          "\(error)")
        }
        XCTAssertThrowsError(try Model(serializedData: Data(contentsOf: url),
                                       limits: ModelLoadingLimits(maximumFileSize: 100))) { error in
            XCTAssertEqual(error as? EngineError, .exceedsLoadingLimit(limit: "maximumFileSize", value: size, maximum: 100))
        }
        XCTAssertThrowsError(try Model(contentsOf: url, limits: ModelLoadingLimits(maximumNodeCount: 2))) { error in
            XCTAssertEqual(error as? EngineError, .exceedsLoadingLimit(limit: "maximumNodeCount", value: 3, maximum: 2))
            XCTAssertTrue("\(error)".contains("the graph has 3 nodes, more than the limit of 2"), "\(error)")
        }
        XCTAssertEqual(try Model(contentsOf: url, limits: ModelLoadingLimits(maximumNodeCount: 3)).graph.nodes.count, 3)
    }

    // MARK: Real models

    /// The models `make models` put in the data directory ($SIGHTLINE_HOME, default
    /// ~/.local/share/sightline): every `models/<name>/model.onnx` must load and validate.
    func testInstalledModelsLoad() throws {
        let modelsDirectory = DataHome.directory().appendingPathComponent("models")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modelsDirectory.path)) ?? []
        let files = names.sorted()
            .map { modelsDirectory.appendingPathComponent($0).appendingPathComponent("model.onnx") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !files.isEmpty else {
            try TestRequirement.unavailable("no installed models in \(modelsDirectory.path): run `make models`")
        }
        for file in files {
            let model = try Model(contentsOf: file)
            let graph = model.graph
            XCTAssertFalse(graph.nodes.isEmpty, file.path)
            XCTAssertFalse(graph.inputs.isEmpty, file.path)
            XCTAssertFalse(graph.initializers.isEmpty, file.path)
            XCTAssertTrue(Model.supportedOpsetVersions.contains(model.opsetVersion), file.path)
            XCTAssertTrue(graph.inputs.allSatisfy { graph.initializers[$0.name] == nil }, file.path)
        }
    }

    // MARK: Helpers

    private var seededBytes = SeededRandom(seed: 0x5EED)

    private func fixture(_ name: String) throws -> URL {
        try fixturesDirectory().appendingPathComponent(name)
    }

    private func fixturesDirectory() throws -> URL {
        try LoaderFixtures.shared.directory()
    }

    private func loadFixture(_ name: String) throws -> Model {
        try Model(contentsOf: fixture(name))
    }

    private func temporaryFile(named name: String, contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try contents.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func assertLoadFails(_ name: String, with expected: EngineError,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try loadFixture(name), file: file, line: line) { error in
            XCTAssertEqual(error as? EngineError, expected, name, file: file, line: line)
        }
    }

    /// Loading `name` must throw an EngineError of the expected case whose message contains
    /// every string in `fragments`.
    private func assertLoadFails(_ name: String, reasonContains fragments: [String],
                                 file: StaticString = #filePath, line: UInt = #line,
                                 isExpectedCase: (EngineError) -> Bool) {
        XCTAssertThrowsError(try loadFixture(name), file: file, line: line) { error in
            guard let engineError = error as? EngineError, isExpectedCase(engineError) else {
                return XCTFail("\(name): unexpected error \(error)", file: file, line: line)
            }
            let message = engineError.description
            for fragment in fragments where !message.contains(fragment) {
                XCTFail("\(name): the error \"\(message)\" does not mention \(fragment)", file: file, line: line)
            }
        }
    }
}

/// The models written by scripts/reference/make_loader_models.py: generated on first use into a
/// temporary directory, shared by every test, removed when the test class finishes.
private final class LoaderFixtures: @unchecked Sendable {
    static let shared = LoaderFixtures()

    private let lock = NSLock()
    private var generated: Result<URL, any Error>?

    func directory() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        let result = generated ?? Result {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("sightline-loader-models-\(UUID().uuidString)")
            try ReferencePython.run(script: "scripts/reference/make_loader_models.py", arguments: [directory.path])
            return directory
        }
        generated = result
        return try result.get()
    }

    func removeGeneratedFiles() {
        lock.lock()
        defer { lock.unlock() }
        if case .success(let directory) = generated {
            try? FileManager.default.removeItem(at: directory)
        }
        generated = nil
    }
}
