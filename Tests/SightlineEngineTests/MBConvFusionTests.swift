// MBConvFusionTests: the pass that joins an inverted-residual block (expansion, depthwise,
// projection) into one FusedMBConv node — what it joins, what it must leave alone — and that
// the joined block, run whole on small planes and in bands of rows on large ones, with one
// or two threads and one or several images, computes what the plain graph computes, and a
// whole-plane block has the same bits with any thread count. A FusedMBConv node written into
// a model file by hand is checked like any other node.

import XCTest
@testable import SightlineEngine

final class MBConvFusionTests: XCTestCase {
    private func value(_ name: String, _ shape: [Int]) -> ValueInfo {
        ValueInfo(name: name, elementType: .float32, shape: shape.map { .fixed($0) })
    }

    private func ramp(_ count: Int, scale: Float, offset: Float) -> [Float] {
        (0..<count).map { Float(($0 * 37) % 23) * scale + offset }
    }

    /// x → 1×1 expansion + Clip(0, 6) → 3×3 depthwise (stride 1 with a residual Add, or 2)
    /// + Clip → 1×1 projection; `channels` in and out, `inner` between.
    private func block(channels: Int = 8, inner: Int = 32, size: Int = 10, batch: Int = 1, stride: Int = 1,
                       expansion: Bool = true, extraOutputs: [String] = []) -> Graph {
        let inner = expansion ? inner : channels
        let residual = stride == 1
        var initializers: [String: Tensor] = [
            "w_depthwise": Tensor(shape: [inner, 1, 3, 3], floats: ramp(inner * 9, scale: 0.02, offset: -0.2)),
            "b_depthwise": Tensor(shape: [inner], floats: ramp(inner, scale: 0.05, offset: -0.3)),
            "w_project": Tensor(shape: [channels, inner, 1, 1], floats: ramp(channels * inner, scale: 0.01, offset: -0.1)),
            "zero": Tensor(shape: [], floats: [0]),
            "six": Tensor(shape: [], floats: [6]),
        ]
        var nodes: [Node] = []
        var depthwiseInput = "x"
        if expansion {
            initializers["w_expand"] = Tensor(shape: [inner, channels, 1, 1], floats: ramp(inner * channels, scale: 0.03, offset: -0.3))
            initializers["b_expand"] = Tensor(shape: [inner], floats: ramp(inner, scale: 0.1, offset: -0.5))
            nodes += [
                Node(name: "expand", opType: "Conv", inputs: ["x", "w_expand", "b_expand"], outputs: ["e"]),
                Node(name: "expand_clip", opType: "Clip", inputs: ["e", "zero", "six"], outputs: ["ea"]),
            ]
            depthwiseInput = "ea"
        }
        nodes += [
            Node(name: "depthwise", opType: "Conv", inputs: [depthwiseInput, "w_depthwise", "b_depthwise"], outputs: ["d"],
                 attributes: ["group": .int(inner), "strides": .ints([stride, stride]), "pads": .ints([1, 1, 1, 1])]),
            Node(name: "depthwise_clip", opType: "Clip", inputs: ["d", "zero", "six"], outputs: ["da"]),
            Node(name: "project", opType: "Conv", inputs: ["da", "w_project"], outputs: [residual ? "p" : "y"]),
        ]
        if residual { nodes.append(Node(name: "skip", opType: "Add", inputs: ["p", "x"], outputs: ["y"])) }
        let outSize = (size - 1) / stride + 1
        let outputs = [value("y", [batch, channels, outSize, outSize])]
            + extraOutputs.map { ValueInfo(name: $0, elementType: .float32, shape: nil) }
        return Graph(name: "block", nodes: nodes, initializers: initializers,
                     inputs: [value("x", [batch, channels, size, size])], outputs: outputs)
    }

    /// The graph as a model, and a ramp for its input (symbolic dimensions taken as 1).
    private func modelAndInput(_ graph: Graph) -> (Model, Tensor) {
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
        let shape = (graph.inputs[0].shape ?? []).map { dimension -> Int in
            if case .fixed(let size) = dimension { return size }
            return 1
        }
        return (model, Tensor(shape: shape, floats: ramp(Tensor.elementCount(of: shape), scale: 0.1, offset: -1)))
    }

    func testABlockBecomesOneNodeWithItsThreeStages() throws {
        let optimized = GraphOptimizer.optimize(block())
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedMBConv"])
        let fused = optimized.nodes[0]
        XCTAssertEqual(fused.domain, OperatorRegistry.internalDomain)
        XCTAssertEqual(fused.attributes["stages"], .strings(["expand", "depthwise", "project"]))
        XCTAssertEqual(fused.inputs.count, 13)
        XCTAssertEqual(fused.inputs[0], "x")
        XCTAssertEqual(fused.inputs[11], "x", "the skip connection is the projection's residual")
        XCTAssertEqual(fused.outputs, ["y"])
        XCTAssertEqual(fused.attributes["depthwise.group"], .int(32))
        XCTAssertEqual(fused.attributes["expand.activation"], .string("Clip"))
        XCTAssertNil(fused.attributes["project.activation"])
    }

    func testABlockWithoutExpansionHasTwoStages() {
        let optimized = GraphOptimizer.optimize(block(expansion: false))
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedMBConv"])
        XCTAssertEqual(optimized.nodes[0].attributes["stages"], .strings(["depthwise", "project"]))
        XCTAssertEqual(optimized.nodes[0].inputs.count, 9)
    }

    func testInnerValuesOthersReadAreNotFusedAway() {
        // The expansion's output is a graph output: the expansion stays, the rest joins.
        var optimized = GraphOptimizer.optimize(block(extraOutputs: ["ea"]))
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedConv", "FusedMBConv"])
        XCTAssertEqual(optimized.nodes[1].attributes["stages"], .strings(["depthwise", "project"]))
        // The depthwise output is a graph output: nothing joins.
        optimized = GraphOptimizer.optimize(block(extraOutputs: ["da"]))
        XCTAssertEqual(optimized.nodes.map(\.opType), ["FusedConv", "FusedConv", "FusedConv"])
        // A 3×3 convolution in place of the projection is not a block.
        var graph = block()
        graph.initializers["w_project"] = Tensor(shape: [8, 32, 3, 3], floats: ramp(8 * 32 * 9, scale: 0.01, offset: -0.1))
        graph.nodes[4].attributes["pads"] = .ints([1, 1, 1, 1])
        XCTAssertFalse(GraphOptimizer.optimize(graph).nodes.contains { $0.opType == "FusedMBConv" })
    }

    func testTheJoinedBlockComputesWhatThePlainGraphComputes() throws {
        // 10×10 planes run whole; 64 channels of 64×64 (1 MB) run in bands. 48 inner channels
        // are three panels of the expansion's weights: at two threads each task takes three
        // blocks, the second task's range starting at a panel's second block.
        let graphs = [
            block(), block(batch: 3), block(stride: 2), block(channels: 16, inner: 48, size: 9),
            block(channels: 16, inner: 64, size: 64), block(channels: 16, inner: 64, size: 64, batch: 3),
            block(channels: 16, inner: 72, size: 63, stride: 2), block(channels: 64, size: 70, expansion: false),
        ]
        for graph in graphs {
            let (model, input) = modelAndInput(graph)
            let shape = input.shape
            let plain = try InferenceSession(model: model, options: SessionOptions(threads: 1, optimize: false))
                .run(["x": input])["y"]
            for threads in [1, 2] {
                let fused = try InferenceSession(model: model, options: SessionOptions(threads: threads, optimize: true))
                    .run(["x": input])["y"]
                let expected = try XCTUnwrap(plain), actual = try XCTUnwrap(fused)
                XCTAssertEqual(actual.shape, expected.shape)
                let worst = zip(actual.floats, expected.floats).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
                XCTAssertLessThan(worst, 1e-5, "input \(shape), \(threads) threads")
            }
        }
    }

    func testAnImageGivesTheSameBitsAloneOrInABatchWithAnyThreadCount() throws {
        // A banded block shaped like Lite0's blocks.1 (16 → 96 channels, 112×112 to 56×56 by
        // stride 2: five-row bands of 280 pixels end part-way through a 16-column GEMM tile)
        // whose batch dimension is free, so batches may also run sample by sample: every
        // way of running an image must give the same bits (FeaturePrint compares a photo's
        // print alone and in a batch exactly).
        var graph = block(channels: 16, inner: 96, size: 112, stride: 2)
        graph.inputs[0].shape = [.symbolic("batch"), .fixed(16), .fixed(112), .fixed(112)]
        graph.outputs[0].shape = nil
        XCTAssertTrue(SampleIndependence.holds(for: GraphOptimizer.optimize(graph), opset: 13),
                      "a fused block keeps the samples of a batch apart")
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
        let count = 16 * 112 * 112
        let images = (0..<3).map { ramp(count, scale: 0.1, offset: -1 - Float($0) * 0.3) }
        var results: [[Float]] = []
        for threads in [1, 2] {
            let session = try InferenceSession(model: model, options: SessionOptions(threads: threads, optimize: true))
            let batch = try XCTUnwrap(session.run(["x": Tensor(shape: [3, 16, 112, 112], floats: images.flatMap { $0 })])["y"])
            let alone = try session.run(["x": Tensor(shape: [1, 16, 112, 112], floats: images[1])])["y"]
            let perImage = batch.count / 3
            XCTAssertEqual(Array(batch.floats[perImage..<(2 * perImage)]), alone?.floats, "\(threads) threads")
            results.append(batch.floats)
        }
        XCTAssertEqual(results[0], results[1], "1 and 2 threads")
    }

    func testAWholePlaneBlockGivesTheSameBitsWithAnyThreadCount() throws {
        // Blocks on small planes share their inner channels out among the threads (expansion
        // and depthwise per share, cut at blocks of eight channels): Lite2's blocks.8 (88 → 528
        // → 88, 17×17, 33 panels of sixteen: the second task starts half-way through one), and
        // a stride-2 block whose 100 inner channels (not whole blocks) split unevenly.
        let graphs = [block(channels: 88, inner: 528, size: 17), block(channels: 24, inner: 100, size: 9, stride: 2)]
        for graph in graphs {
            let (model, input) = modelAndInput(graph)
            try assertSameBitsWithAnyThreadCount(model, input: input, "input \(input.shape)")
        }
    }

    func testAnEmptyInputPlaneIsRefusedLikeThePlainGraphRefusesIt() throws {
        // 0 columns in, 4,201 out of the depthwise (a 1×1 window with 2,100 columns of padding
        // on each side): the inner tensor passes 1 MB, but there is nothing to expand.
        var graph = block(inner: 64)
        graph.nodes[2].attributes["pads"] = .ints([0, 2100, 0, 2100])
        graph.initializers["w_depthwise"] = Tensor(shape: [64, 1, 1, 1], floats: ramp(64, scale: 0.02, offset: -0.2))
        graph.nodes.removeLast()
        graph.nodes[graph.nodes.count - 1].outputs = ["y"]
        graph.inputs = [value("x", [1, 8, 1, 0])]
        graph.outputs = [ValueInfo(name: "y", elementType: .float32, shape: nil)]
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
        let input = Tensor(shape: [1, 8, 1, 0], floats: [])
        for optimize in [false, true] {
            let session = try InferenceSession(model: model, options: SessionOptions(threads: 2, optimize: optimize))
            XCTAssertThrowsError(try session.run(["x": input]), "optimize \(optimize)") { error in
                XCTAssertTrue("\(error)".contains("1x0"), "\(error)")
            }
        }
    }

    func testAHandWrittenFusedNodeIsCheckedLikeAnyOther() throws {
        var fused = GraphOptimizer.optimize(block()).nodes[0]
        fused.attributes["stages"] = .strings(["project", "depthwise", "expand"])
        var graph = block()
        graph.nodes = [fused]
        var model = Model(irVersion: 8, opsetVersion: 13, producerName: "test", metadata: [:], graph: graph)
        XCTAssertThrowsError(try InferenceSession(model: model, options: SessionOptions(optimize: false))) { error in
            XCTAssertTrue("\(error)".contains("stages"), "\(error)")
        }
        // A residual on the expansion, which the block cannot add.
        fused.attributes["stages"] = .strings(["expand", "depthwise", "project"])
        fused.inputs[3] = "x"
        model.graph.nodes = [fused]
        XCTAssertThrowsError(try InferenceSession(model: model, options: SessionOptions(optimize: false))) { error in
            XCTAssertTrue("\(error)".contains("only the projection may add a residual"), "\(error)")
        }
        // Too few inputs.
        fused.inputs = Array(fused.inputs.prefix(7))
        model.graph.nodes = [fused]
        XCTAssertThrowsError(try InferenceSession(model: model, options: SessionOptions(optimize: false))) { error in
            XCTAssertTrue("\(error)".contains("3 stages need 13"), "\(error)")
        }
    }
}
