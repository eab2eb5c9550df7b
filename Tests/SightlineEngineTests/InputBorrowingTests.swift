// InputBorrowingTests: a run reads its inputs in place (no copy) — which must stay invisible:
// an output that is an input, or a view of one, comes back as its own copy; the caller's
// tensors are unchanged; a session reused with other inputs (and other element types) never
// sees the previous run's; and an input's shape is still checked before anything runs.

import XCTest
@testable import SightlineEngine

final class InputBorrowingTests: XCTestCase {
    /// y = Relu(x); v = Reshape(x, shape); x itself is an output too.
    private func session(threads: Int) throws -> InferenceSession {
        let graph = Graph(
            name: "borrowing",
            nodes: [
                Node(name: "relu", opType: "Relu", inputs: ["x"], outputs: ["y"]),
                Node(name: "view", opType: "Reshape", inputs: ["x", "shape"], outputs: ["v"]),
            ],
            initializers: [:],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("n"), .fixed(6)]),
                     ValueInfo(name: "shape", elementType: .int64, shape: [.fixed(2)])],
            outputs: ["x", "y", "v"].map { ValueInfo(name: $0, elementType: .float32, shape: nil) })
        return try InferenceSession(model: Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph),
                                    options: SessionOptions(threads: threads))
    }

    func testInputsReadInPlaceComeBackAsCopiesAndStayUnchanged() throws {
        for threads in [1, 2] {
            let session = try session(threads: threads)
            for (rows, offset) in [(2, -3), (5, 7), (1, -100)] {
                let values = (0..<(rows * 6)).map { Float($0 + offset) }
                let x = Tensor(shape: [rows, 6], floats: values)
                let shape = Tensor(shape: [2], int64s: [Int64(rows * 3), 2])
                let outputs = try session.run(["x": x, "shape": shape])
                XCTAssertEqual(outputs["x"], x, "\(threads) threads, \(rows) rows")
                XCTAssertEqual(outputs["y"]?.floats, values.map { max(0, $0) })
                XCTAssertEqual(outputs["v"]?.shape, [rows * 3, 2])
                XCTAssertEqual(outputs["v"]?.floats, values)
                XCTAssertEqual(x.floats, values, "the caller's tensor is untouched")
            }
        }
    }

    func testABatchRunInPartsReadsEachPartInPlace() throws {
        // Relu keeps samples apart, so with 2 threads a batch runs in two parts (one sample
        // each, or 3 and 2), each reading its slice of the batch's elements.
        let graph = Graph(
            name: "samples", nodes: [Node(name: "relu", opType: "Relu", inputs: ["x"], outputs: ["y"])], initializers: [:],
            inputs: [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("n"), .fixed(3), .fixed(5)])],
            outputs: [ValueInfo(name: "y", elementType: .float32, shape: nil)])
        XCTAssertTrue(SampleIndependence.holds(for: graph, opset: 13))
        let session = try InferenceSession(model: Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph),
                                           options: SessionOptions(threads: 2))
        for batch in [2, 5] {
            let values = (0..<(batch * 15)).map { Float(($0 * 7) % 11) - 5 }
            let y = try XCTUnwrap(session.run(["x": Tensor(shape: [batch, 3, 5], floats: values)])["y"])
            XCTAssertEqual(y.shape, [batch, 3, 5])
            XCTAssertEqual(y.floats, values.map { max(0, $0) }, "batch of \(batch)")
        }
        // A sample whose shape does not match the declaration is refused.
        XCTAssertThrowsError(try session.run(["x": Tensor(shape: [2, 5, 3], floats: Array(repeating: 0, count: 30))]))
    }

    func testAnInputsShapeIsCheckedBeforeItIsRead() throws {
        let session = try session(threads: 1)
        XCTAssertThrowsError(try session.run(["x": Tensor(shape: [2, 5], floats: Array(repeating: 1, count: 10)),
                                              "shape": Tensor(shape: [2], int64s: [5, 2])])) { error in
            XCTAssertTrue("\(error)".contains("'x'") || "\(error)".contains("x"), "\(error)")
            XCTAssertTrue("\(error)".contains("6"), "\(error)")
        }
        // An empty input has no elements to lend: it still runs.
        let empty = try session.run(["x": Tensor(shape: [0, 6], floats: []), "shape": Tensor(shape: [2], int64s: [0, 3])])
        XCTAssertEqual(empty["y"]?.shape, [0, 6])
        XCTAssertEqual(empty["v"]?.shape, [0, 3])
    }
}
