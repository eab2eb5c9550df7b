// OperatorCaseCatalog: the operator test cases written by
// scripts/reference/make_operator_cases.py (models, inputs, ONNX Runtime outputs), generated
// once per test process into a temporary directory and decoded from its cases.json.

import Foundation
import SightlineEngine
import SightlineTestSupport

/// One model with inputs and the outputs ONNX Runtime computed for them.
struct OperatorCase: Decodable, Sendable {
    let name: String
    /// The operator (or chain kind) under test; one test method per family.
    let family: String
    let opset: Int
    /// Model file name, relative to the catalog directory.
    let model: String
    /// Relative tolerance: |actual − expected| ≤ tolerance · max(1, |expected|).
    let tolerance: Float
    /// Graph input name → `.npy` file name.
    let inputs: [String: String]
    /// Graph output name → `.npy` file name.
    let outputs: [String: String]
}

/// A model the engine must refuse when a session is created.
struct OperatorErrorCase: Decodable, Sendable {
    let name: String
    let family: String
    let model: String
    /// The node, operator and (for an unsupported attribute value) attribute the error must name.
    let node: String
    let op: String
    let attribute: String?
}

struct OperatorCaseCatalog: Sendable {
    static let generatorScript = "scripts/reference/make_operator_cases.py"

    /// Where the models and `.npy` files are.
    let directory: URL
    let cases: [OperatorCase]
    let errorCases: [OperatorErrorCase]

    private struct Index: Decodable {
        let cases: [OperatorCase]
        let errorCases: [OperatorErrorCase]

        enum CodingKeys: String, CodingKey {
            case cases
            case errorCases = "error_cases"
        }
    }

    /// Runs the generator into a new temporary directory and reads its index.
    static func generate() throws -> OperatorCaseCatalog {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sightline-operator-cases-\(UUID().uuidString)")
        do {
            try ReferencePython.run(script: generatorScript, arguments: [directory.path])
            let indexData = try Data(contentsOf: directory.appendingPathComponent("cases.json"))
            let index = try JSONDecoder().decode(Index.self, from: indexData)
            return OperatorCaseCatalog(directory: directory, cases: index.cases, errorCases: index.errorCases)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    func url(of file: String) -> URL {
        directory.appendingPathComponent(file)
    }

    func cases(in family: String) -> [OperatorCase] {
        cases.filter { $0.family == family }
    }

    func errorCases(in family: String) -> [OperatorErrorCase] {
        errorCases.filter { $0.family == family }
    }

    /// Every family named by a case or an error case.
    var families: Set<String> {
        Set(cases.map(\.family)).union(errorCases.map(\.family))
    }
}

/// Generates the catalog on first use and hands the same one (or the same generation error)
/// to every test in the process; removes the generated files when asked.
final class OperatorCaseStore: @unchecked Sendable {
    static let shared = OperatorCaseStore()

    private let lock = NSLock()
    private var generated: Result<OperatorCaseCatalog, any Error>?

    func catalog() throws -> OperatorCaseCatalog {
        lock.lock()
        defer { lock.unlock() }
        let result = generated ?? Result { try OperatorCaseCatalog.generate() }
        generated = result
        return try result.get()
    }

    /// Deletes the generated directory, if one was generated; a later `catalog()` regenerates.
    func removeGeneratedFiles() {
        lock.lock()
        defer { lock.unlock() }
        if case .success(let catalog) = generated {
            try? FileManager.default.removeItem(at: catalog.directory)
        }
        generated = nil
    }
}
