// FusedActivation: an element-wise activation folded into the producing Conv by the
// fusion pass, described by the "activation" / "activation_params" attributes of the
// internal FusedConv node and applied in the GEMM or depthwise epilogue.

import CSightlineKernels

struct FusedActivation {
    var kind: sl_activation
    var p0: Float = 0
    var p1: Float = 0

    static let none = FusedActivation(kind: SL_ACT_NONE)

    init(kind: sl_activation, p0: Float = 0, p1: Float = 0) {
        self.kind = kind
        self.p0 = p0
        self.p1 = p1
    }

    /// Reads the activation of a FusedConv node (none for a plain Conv).
    init(_ context: CompileContext) throws {
        let name = try context.node.string("activation", default: "")
        let params = try context.node.floats("activation_params", default: [])
        switch name {
        case "": self = .none
        case "Relu": self.init(kind: SL_ACT_RELU)
        case "Sigmoid": self.init(kind: SL_ACT_SIGMOID)
        case "PRelu": self.init(kind: SL_ACT_PRELU)
        case "Clip" where params.count == 2: self.init(kind: SL_ACT_CLIP, p0: params[0], p1: params[1])
        case "LeakyRelu" where params.count == 1: self.init(kind: SL_ACT_LEAKY, p0: params[0])
        default:
            throw context.invalidAttribute("activation", "'\(name)' with parameters \(params) cannot be fused")
        }
    }
}
