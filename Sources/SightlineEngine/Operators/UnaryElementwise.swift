// Relu, Clip, LeakyRelu, Sigmoid, Tanh, Identity and Dropout (inference: identity):
// one-input element-wise operators, split across the thread pool for large tensors.

import Foundation

final class UnaryElementwiseKernel: Kernel {
    enum Operation { case relu, clip, leakyRelu, sigmoid, tanh, identity }

    let label: NodeLabel
    private let operation: Operation
    private let alpha: Float
    /// Clip bounds from attributes (opset < 11) — later opsets pass them as inputs.
    private let attributeBounds: (Float, Float)

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        switch node.opType {
        case "Relu": operation = .relu
        case "Clip": operation = .clip
        case "LeakyRelu": operation = .leakyRelu
        case "Sigmoid": operation = .sigmoid
        case "Tanh": operation = .tanh
        case "Identity", "Dropout": operation = .identity
        default: throw EngineError.unsupportedOperator(node: node.name, op: node.opType, domain: node.domain)
        }
        alpha = try node.float("alpha", default: 0.01)
        attributeBounds = (try node.float("min", default: -Float.greatestFiniteMagnitude),
                           try node.float("max", default: Float.greatestFiniteMagnitude))
        if node.opType == "Dropout", node.outputs.count > 1, !node.outputs[1].isEmpty {
            throw context.invalidAttribute("mask", "output is not supported (inference only)")
        }
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        if operation == .identity {
            return [context.alias(x, shape: x.shape)]
        }
        try requireFloat32(x)
        var low = attributeBounds.0, high = attributeBounds.1
        if operation == .clip {
            if inputs.count > 1, let minimum = inputs[1] { low = try scalar(minimum, "min") }
            if inputs.count > 2, let maximum = inputs[2] { high = try scalar(maximum, "max") }
        }
        let output = try context.allocate(x.shape)
        let source = x.floats, target = output.floats
        let operation = self.operation, alpha = self.alpha
        context.threadPool.parallelRanges(x.count, minimumPerTask: 1 << 15) { range in
            switch operation {
            case .relu: for i in range { target[i] = max(source[i], 0) }
            case .clip: for i in range { target[i] = min(max(source[i], low), high) }
            case .leakyRelu: for i in range { let v = source[i]; target[i] = v >= 0 ? v : alpha * v }
            case .sigmoid: for i in range { target[i] = 1 / (1 + exp(-source[i])) }
            case .tanh: for i in range { target[i] = Foundation.tanh(source[i]) }
            case .identity: break
            }
        }
        return [output]
    }

    private func requireFloat32(_ x: RuntimeValue) throws {
        if x.elementType != .float32 { throw shapeError("input must be float32, got \(x.elementType)") }
    }

    private func scalar(_ value: RuntimeValue, _ what: String) throws -> Float {
        guard value.count == 1, value.elementType == .float32 else {
            throw shapeError("\(what) must be a float32 scalar, got shape \(value.shape)")
        }
        return value.floats[0]
    }
}
