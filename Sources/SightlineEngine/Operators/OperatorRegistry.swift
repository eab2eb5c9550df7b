// OperatorRegistry: which operators the engine implements and how each node becomes a
// kernel. A node whose operator is not listed here is rejected when the session is
// created, with an error naming the node and the operator.

enum OperatorRegistry {
    /// The domain of the engine's own fused operators (produced by the load-time passes).
    static let internalDomain = "com.sightline"

    /// Standard ONNX operators the engine runs, sorted.
    static let supportedOperators: [String] = [
        "Add", "AveragePool", "BatchNormalization", "Clip", "Concat", "Constant", "Conv", "Div", "Dropout",
        "Flatten", "Gather", "Gemm", "GlobalAveragePool", "GlobalMaxPool", "Identity", "LeakyRelu", "MatMul",
        "MaxPool", "Mul", "PRelu", "Pow", "Relu", "Reshape", "Resize", "Shape", "Sigmoid", "Slice", "Softmax",
        "Split", "Squeeze", "Sub", "Tanh", "Transpose", "Unsqueeze",
    ]

    private static func standardFactory(_ op: String) -> ((CompileContext) throws -> Kernel)? {
        switch op {
        case "Conv": return { try ConvKernel($0) }
        case "BatchNormalization": return BatchNormalizationKernel.init
        case "Relu", "Clip", "LeakyRelu", "Sigmoid", "Tanh", "Identity", "Dropout": return UnaryElementwiseKernel.init
        case "PRelu": return PReluKernel.init
        case "Add", "Sub", "Mul", "Div", "Pow": return BinaryElementwiseKernel.init
        case "MaxPool", "AveragePool": return PoolKernel.init
        case "GlobalAveragePool", "GlobalMaxPool": return GlobalPoolKernel.init
        case "Gemm": return GemmKernel.init
        case "MatMul": return MatMulKernel.init
        case "Flatten": return FlattenKernel.init
        case "Reshape": return ReshapeKernel.init
        case "Transpose": return TransposeKernel.init
        case "Squeeze", "Unsqueeze": return SqueezeKernel.init
        case "Concat": return ConcatKernel.init
        case "Split": return SplitKernel.init
        case "Slice": return SliceKernel.init
        case "Resize": return ResizeKernel.init
        case "Softmax": return SoftmaxKernel.init
        case "Constant": return ConstantKernel.init
        case "Shape": return ShapeKernel.init
        case "Gather": return GatherKernel.init
        default: return nil
        }
    }

    /// The engine's own fused operators.
    private static func internalFactory(_ op: String) -> ((CompileContext) throws -> Kernel)? {
        switch op {
        case "FusedConv": return { try ConvKernel($0) }
        case "FusedMBConv": return MBConvKernel.init
        default: return nil
        }
    }

    static func isStandardDomain(_ domain: String) -> Bool { domain.isEmpty || domain == "ai.onnx" }

    static func makeKernel(_ context: CompileContext) throws -> Kernel {
        let node = context.node
        let factory = isStandardDomain(node.domain) ? standardFactory(node.opType)
            : node.domain == internalDomain ? internalFactory(node.opType) : nil
        guard let factory else {
            throw EngineError.unsupportedOperator(node: node.name, op: node.opType, domain: node.domain)
        }
        return try factory(context)
    }
}
