// GraphValidatorTests: the structural checks on hand-built graphs — values defined once and
// before use, outputs produced, declared shapes — and the stable topological sort that puts
// nodes in order or names the nodes of a cycle.

import SightlineEngine
import XCTest

final class GraphValidatorTests: XCTestCase {
    // MARK: Valid graphs

    func testValidGraphPasses() throws {
        let graph = makeGraph([
            node("conv", "Conv", ["x", "W", ""], ["c"]),  // "" is an omitted optional input
            node("relu", "Relu", ["c"], ["r"]),
            node("add", "Add", ["r", "x"], ["y"]),
        ], initializers: ["W"], outputs: ["y", "c"])
        XCTAssertNoThrow(try GraphValidator.validate(graph))
    }

    func testGraphOutputMayBeAnInputOrInitialiser() {
        let graph = makeGraph([], initializers: ["W"], outputs: ["x", "W"])
        XCTAssertNoThrow(try GraphValidator.validate(graph))
    }

    // MARK: Values

    func testMissingInputIsNamed() {
        let graph = makeGraph([node("add", "Add", ["x", "ghost"], ["y"])])
        assertInvalid(graph, mentioning: ["'add'", "(Add)", "'ghost'", "not a graph input"])
    }

    func testValueProducedByTwoNodes() {
        let graph = makeGraph([
            node("relu", "Relu", ["x"], ["y"]),
            node("sigmoid", "Sigmoid", ["x"], ["y"]),
        ])
        assertInvalid(graph, mentioning: ["'y'", "produced twice", "'relu'", "'sigmoid'"])
    }

    func testNodeOutputShadowingAGraphInputOrInitialiser() {
        assertInvalid(makeGraph([node("relu", "Relu", ["x"], ["x"])], outputs: ["x"]),
                      mentioning: ["'x'", "graph input", "'relu'"])
        assertInvalid(makeGraph([node("relu", "Relu", ["x"], ["W"])], initializers: ["W"], outputs: ["W"]),
                      mentioning: ["'W'", "initialiser", "'relu'"])
    }

    func testDuplicateGraphInputs() {
        var graph = makeGraph([node("relu", "Relu", ["x"], ["y"])])
        graph.inputs.append(input("x"))
        assertInvalid(graph, mentioning: ["graph input 'x'", "twice"])
    }

    func testInputThatIsAlsoAnInitialiser() {
        let graph = makeGraph([node("add", "Add", ["x", "W"], ["y"])], initializers: ["W", "x"])
        assertInvalid(graph, mentioning: ["'x'", "both a graph input and an initialiser"])
    }

    func testGraphOutputNobodyProduces() {
        let graph = makeGraph([node("relu", "Relu", ["x"], ["y"])], outputs: ["y", "z"])
        assertInvalid(graph, mentioning: ["graph output 'z'", "not produced"])
    }

    func testNegativeDeclaredDimension() {
        var graph = makeGraph([node("relu", "Relu", ["x"], ["y"])])
        graph.inputs = [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("N"), .fixed(-3)])]
        assertInvalid(graph, mentioning: ["graph input 'x'", "-3"])
        graph = makeGraph([node("relu", "Relu", ["x"], ["y"])])
        graph.outputs = [ValueInfo(name: "y", elementType: .float32, shape: [.fixed(1), .fixed(-1)])]
        assertInvalid(graph, mentioning: ["graph output 'y'", "-1"])
    }

    func testHugeDeclaredDimension() {
        var graph = makeGraph([node("relu", "Relu", ["x"], ["y"])])
        graph.inputs = [ValueInfo(name: "x", elementType: .float32, shape: [.symbolic("N"), .fixed(1 << 40)])]
        assertInvalid(graph, mentioning: ["graph input 'x'", "1099511627776", "too large"])
        graph = makeGraph([node("relu", "Relu", ["x"], ["y"])])
        let large = Dimension.fixed(Int(Int32.max))
        graph.outputs = [ValueInfo(name: "y", elementType: .float32, shape: [large, large, large, .fixed(0)])]
        assertInvalid(graph, mentioning: ["graph output 'y'", "element count is too large"])
        graph.outputs = [ValueInfo(name: "y", elementType: .float32, shape: [large, .symbolic("N"), .fixed(0)])]
        XCTAssertNoThrow(try GraphValidator.validate(graph), "the largest dimension itself is allowed")
    }

    // MARK: Order

    func testNodesOutOfOrderAreReportedAndSortedStably() throws {
        let graph = makeGraph([
            node("c", "Relu", ["b"], ["c_out"]),
            node("a", "Relu", ["x"], ["a_out"]),
            node("b", "Relu", ["a_out"], ["b"]),
            node("d", "Relu", ["x"], ["y"]),
        ], outputs: ["c_out", "y"])
        assertInvalid(graph, mentioning: ["'c'", "reads 'b' before node 'b' produces it", "topological order"])

        let sorted = try graph.sortedTopologically()
        XCTAssertEqual(sorted.nodes.map(\.name), ["a", "b", "c", "d"])
        XCTAssertNoThrow(try GraphValidator.validate(sorted))
    }

    func testSortedGraphIsUnchanged() throws {
        let graph = makeGraph([
            node("second_branch", "Relu", ["x"], ["p"]),
            node("first_branch", "Sigmoid", ["x"], ["q"]),
            node("join", "Add", ["q", "p"], ["y"]),
        ])
        XCTAssertEqual(try graph.sortedTopologically().nodes.map(\.name), ["second_branch", "first_branch", "join"])
    }

    func testCycleNamesItsNodes() {
        let graph = makeGraph([
            node("before", "Relu", ["x"], ["v"]),
            node("first", "Add", ["v", "c"], ["a"]),
            node("second", "Relu", ["a"], ["b"]),
            node("third", "Relu", ["b"], ["c"]),
            node("after", "Relu", ["a"], ["y"]),
        ])
        XCTAssertThrowsError(try graph.sortedTopologically()) { error in
            guard case .invalidGraph(let reason)? = error as? EngineError else {
                return XCTFail("expected invalidGraph, got \(error)")
            }
            XCTAssertTrue(reason.contains("cycle"), reason)
            XCTAssertTrue(reason.contains("'first' → 'third' → 'second' → 'first'"), reason)
            XCTAssertFalse(reason.contains("'before'") || reason.contains("'after'"), reason)
        }
    }

    func testNodeReadingItsOwnOutputIsACycle() {
        let graph = makeGraph([node("loop", "Add", ["x", "y"], ["y"])])
        XCTAssertThrowsError(try graph.sortedTopologically()) { error in
            XCTAssertEqual(error as? EngineError, .invalidGraph(reason:
                "nodes form a cycle: 'loop' → 'loop' (each reads an output of the next); an ONNX graph must be acyclic"))
        }
    }

    func testLongReversedChainSortsWithoutRecursion() throws {
        let length = 50_000
        let chain = (0..<length).map { index in
            node("n\(index)", "Relu", [index == 0 ? "x" : "v\(index - 1)"], [index == length - 1 ? "y" : "v\(index)"])
        }
        let sorted = try makeGraph(chain.reversed()).sortedTopologically()
        XCTAssertEqual(sorted.nodes.map(\.name), chain.map(\.name))
        XCTAssertNoThrow(try GraphValidator.validate(sorted))
    }

    // MARK: Helpers

    private func node(_ name: String, _ op: String, _ inputs: [String], _ outputs: [String]) -> Node {
        Node(name: name, opType: op, inputs: inputs, outputs: outputs)
    }

    private func input(_ name: String) -> ValueInfo {
        ValueInfo(name: name, elementType: .float32, shape: [.fixed(1), .fixed(4)])
    }

    /// A graph with the single input "x", the given nodes, one-value initialisers and outputs.
    private func makeGraph(_ nodes: [Node], initializers: [String] = [], outputs: [String] = ["y"]) -> Graph {
        Graph(name: "test",
              nodes: nodes,
              initializers: Dictionary(uniqueKeysWithValues: initializers.map { ($0, Tensor(shape: [1], floats: [1])) }),
              inputs: [input("x")],
              outputs: outputs.map { ValueInfo(name: $0, elementType: .float32, shape: nil) })
    }

    private func assertInvalid(_ graph: Graph, mentioning fragments: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try GraphValidator.validate(graph), file: file, line: line) { error in
            guard case .invalidGraph(let reason)? = error as? EngineError else {
                return XCTFail("expected invalidGraph, got \(error)", file: file, line: line)
            }
            for fragment in fragments where !reason.contains(fragment) {
                XCTFail("\"\(reason)\" does not mention \(fragment)", file: file, line: line)
            }
        }
    }
}
