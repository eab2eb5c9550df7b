// AttributeProto+Writing: turns an engine node Attribute back into an ONNX AttributeProto
// with its `type` set, the inverse of AttributeProto+Conversion.
import Foundation

extension Onnx_AttributeProto {
    /// The protobuf form of `attribute`, called `name`.
    init(engineAttribute attribute: Attribute, name: String) {
        self.init()
        self.name = name
        switch attribute {
        case .int(let value):
            type = .int
            i = Int64(value)
        case .ints(let values):
            type = .ints
            ints = values.map(Int64.init)
        case .float(let value):
            type = .float
            f = value
        case .floats(let values):
            type = .floats
            floats = values
        case .string(let value):
            type = .string
            s = Data(value.utf8)
        case .strings(let values):
            type = .strings
            strings = values.map { Data($0.utf8) }
        case .tensor(let tensor):
            type = .tensor
            t = Onnx_TensorProto(engineTensor: tensor, name: "")
        }
    }
}
