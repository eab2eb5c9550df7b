// OperatorTests: every ONNX operator the engine implements, checked against ONNX Runtime on
// generated inputs. scripts/reference/make_operator_cases.py writes the models, inputs and
// reference outputs once per test run; each case runs with 1 and 2 threads and with the
// load-time graph passes on and off. One test method per operator family, so a failure
// names the operator; each failure names the case, the configuration and the worst element.

import CSightlineKernels
import Foundation
import SightlineEngine
import XCTest

final class OperatorTests: XCTestCase {
    /// The families that have a test method below; the generator must write no others.
    private static let familiesWithTestMethods: Set<String> = [
        "Conv", "BatchNormalization", "Relu", "Clip", "LeakyRelu", "PRelu", "Sigmoid", "Tanh",
        "Add", "Sub", "Mul", "Div", "Pow", "MaxPool", "AveragePool", "GlobalAveragePool", "Gemm", "MatMul",
        "Flatten", "Reshape", "Transpose", "Squeeze", "Unsqueeze", "Concat", "Split", "Slice",
        "Resize", "Softmax", "Constant", "Shape", "Gather", "ShapeChain", "FusionChain",
        "UnsupportedOperator", "UnsupportedAttribute",
    ]

    /// Every case runs under each of these session configurations.
    private static let configurations: [SessionOptions] = [1, 2].flatMap { threads in
        [true, false].map { SessionOptions(threads: threads, optimize: $0) }
    }

    override class func tearDown() {
        OperatorCaseStore.shared.removeGeneratedFiles()
        super.tearDown()
    }

    func testConv() throws { try checkFamily("Conv") }
    /// The same cases through the portable kernels (GEMM, unfolding, depthwise, lanes).
    func testConvWithThePortableKernels() throws {
        let previous = sl_kernels_force_portable(1)
        defer { sl_kernels_force_portable(previous) }
        try checkFamily("Conv")
    }
    /// The same cases through the AVX2 kernels on a CPU whose AVX-512 ones run by default.
    func testConvWithTheAVX2Kernels() throws {
        guard String(cString: sl_cpu_kernel_isa()) == "avx512" else { throw XCTSkip("the kernels run AVX-512 only where the CPU has it") }
        let previous = sl_kernels_force_avx2(1)
        defer { sl_kernels_force_avx2(previous) }
        try checkFamily("Conv")
    }
    func testBatchNormalization() throws { try checkFamily("BatchNormalization") }
    func testRelu() throws { try checkFamily("Relu") }
    func testClip() throws { try checkFamily("Clip") }
    func testLeakyRelu() throws { try checkFamily("LeakyRelu") }
    func testPRelu() throws { try checkFamily("PRelu") }
    func testSigmoid() throws { try checkFamily("Sigmoid") }
    func testTanh() throws { try checkFamily("Tanh") }
    func testAdd() throws { try checkFamily("Add") }
    func testSub() throws { try checkFamily("Sub") }
    func testMul() throws { try checkFamily("Mul") }
    func testDiv() throws { try checkFamily("Div") }
    func testPow() throws { try checkFamily("Pow") }
    func testMaxPool() throws { try checkFamily("MaxPool") }
    /// The same cases through the portable loops, which the vector kernels replace on AVX2.
    func testMaxPoolWithThePortableLoops() throws {
        let previous = sl_kernels_force_portable(1)
        defer { sl_kernels_force_portable(previous) }
        try checkFamily("MaxPool")
    }
    func testAveragePool() throws { try checkFamily("AveragePool") }
    func testGlobalAveragePool() throws { try checkFamily("GlobalAveragePool") }
    func testGemm() throws { try checkFamily("Gemm") }
    func testMatMul() throws { try checkFamily("MatMul") }
    func testFlatten() throws { try checkFamily("Flatten") }
    func testReshape() throws { try checkFamily("Reshape") }
    func testTranspose() throws { try checkFamily("Transpose") }
    func testSqueeze() throws { try checkFamily("Squeeze") }
    func testUnsqueeze() throws { try checkFamily("Unsqueeze") }
    func testConcat() throws { try checkFamily("Concat") }
    func testSplit() throws { try checkFamily("Split") }
    func testSlice() throws { try checkFamily("Slice") }
    func testResize() throws { try checkFamily("Resize") }
    func testSoftmax() throws { try checkFamily("Softmax") }
    func testConstant() throws { try checkFamily("Constant") }
    func testShape() throws { try checkFamily("Shape") }
    func testGather() throws { try checkFamily("Gather") }

    /// Shape → Gather → Unsqueeze → Concat → Reshape, as exporters write dynamic reshapes.
    func testShapeChains() throws { try checkFamily("ShapeChain") }

    /// Conv → BatchNormalization → activation (→ residual Add) chains: the fusion passes must
    /// give the same results as the unfused graph, including when an intermediate is shared.
    func testFusionChains() throws { try checkFamily("FusionChain") }

    func testUnsupportedOperatorIsRefusedNamingNodeAndOperator() throws {
        try checkRefusals(in: "UnsupportedOperator")
    }

    func testUnsupportedAttributeValueIsRefusedNamingNodeOperatorAndAttribute() throws {
        try checkRefusals(in: "UnsupportedAttribute")
    }

    func testEveryGeneratedFamilyHasATestMethod() throws {
        let catalog = try OperatorCaseStore.shared.catalog()
        let untested = catalog.families.subtracting(Self.familiesWithTestMethods)
        XCTAssertTrue(untested.isEmpty, "families without a test method in OperatorTests: \(untested.sorted())")
        let missing = Self.familiesWithTestMethods.subtracting(catalog.families)
        XCTAssertTrue(missing.isEmpty, "families with a test method but no generated cases: \(missing.sorted())")
    }

    // MARK: - Checking cases

    /// Runs every case of `family` under every configuration and reports each failing case.
    private func checkFamily(_ family: String) throws {
        let catalog = try OperatorCaseStore.shared.catalog()
        let cases = catalog.cases(in: family)
        XCTAssertFalse(cases.isEmpty, "\(OperatorCaseCatalog.generatorScript) wrote no \(family) cases")
        for operatorCase in cases {
            for failure in failures(of: operatorCase, in: catalog) {
                XCTFail("\(operatorCase.name) (opset \(operatorCase.opset)): \(failure)")
            }
        }
    }

    /// What went wrong for one case, one line per distinct problem, each followed by the
    /// configurations it occurred in. Empty when the case passes everywhere.
    private func failures(of operatorCase: OperatorCase, in catalog: OperatorCaseCatalog) -> [String] {
        let model: Model
        do {
            model = try Model(contentsOf: catalog.url(of: operatorCase.model))
        } catch {
            return ["loading \(operatorCase.model) failed: \(error)"]
        }
        let inputs: [String: Tensor]
        let expected: [String: Tensor]
        do {
            inputs = try operatorCase.inputs.mapValues { try NumpyArray(contentsOf: catalog.url(of: $0)).tensor }
            expected = try operatorCase.outputs.mapValues { try NumpyArray(contentsOf: catalog.url(of: $0)).tensor }
        } catch {
            return ["reading the reference data failed: \(error)"]
        }

        var configurationsByProblem: [(problem: String, configurations: [String])] = []
        for options in Self.configurations {
            let configuration = "threads \(options.threads), optimize \(options.optimize)"
            for problem in problems(running: model, with: options, inputs: inputs, expected: expected,
                                    tolerance: operatorCase.tolerance) {
                if let index = configurationsByProblem.firstIndex(where: { $0.problem == problem }) {
                    configurationsByProblem[index].configurations.append(configuration)
                } else {
                    configurationsByProblem.append((problem, [configuration]))
                }
            }
        }
        return configurationsByProblem.map { problem, configurations in
            let where_ = configurations.count == Self.configurations.count
                ? "every configuration" : configurations.joined(separator: "; ")
            return "\(problem) [\(where_)]"
        }
    }

    private func problems(running model: Model, with options: SessionOptions, inputs: [String: Tensor],
                          expected: [String: Tensor], tolerance: Float) -> [String] {
        let session: InferenceSession
        do {
            session = try InferenceSession(model: model, options: options)
        } catch {
            return ["session creation failed: \(error)"]
        }
        let outputs: [String: Tensor]
        do {
            outputs = try session.run(inputs)
        } catch {
            return ["run failed: \(error)"]
        }
        var problems: [String] = []
        for (name, reference) in expected.sorted(by: { $0.key < $1.key }) {
            guard let actual = outputs[name] else {
                problems.append("output '\(name)' is missing (outputs: \(outputs.keys.sorted()))")
                continue
            }
            if let difference = TensorComparison.difference(actual: actual, expected: reference,
                                                             relativeTolerance: tolerance) {
                problems.append("output '\(name)': \(difference)")
            }
        }
        return problems
    }

    // MARK: - Checking refusals

    /// Each model of `family` must fail to load or to become a session, with an error that
    /// names the node, the operator and (for an attribute value) the attribute.
    private func checkRefusals(in family: String) throws {
        let catalog = try OperatorCaseStore.shared.catalog()
        let errorCases = catalog.errorCases(in: family)
        XCTAssertFalse(errorCases.isEmpty, "\(OperatorCaseCatalog.generatorScript) wrote no \(family) cases")
        for errorCase in errorCases {
            let required = [errorCase.node, errorCase.op] + (errorCase.attribute.map { [$0] } ?? [])
            for optimize in [true, false] {
                do {
                    let model = try Model(contentsOf: catalog.url(of: errorCase.model))
                    _ = try InferenceSession(model: model, options: SessionOptions(threads: 1, optimize: optimize))
                    XCTFail("\(errorCase.name): the session was created (optimize \(optimize)); expected an error "
                            + "naming \(required.map { "'\($0)'" }.joined(separator: ", "))")
                } catch {
                    let message = String(describing: error)
                    for word in required where !message.contains(word) {
                        XCTFail("\(errorCase.name): the error (optimize \(optimize)) does not name '\(word)': \(message)")
                    }
                }
            }
        }
    }
}
