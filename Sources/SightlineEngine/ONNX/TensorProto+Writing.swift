// TensorProto+Writing: turns an engine Tensor into an ONNX TensorProto (an initialiser or a
// tensor attribute), storing the values as little-endian bytes in `raw_data`.
import Foundation

extension ElementType {
    /// The ONNX element type a tensor of this type is written as.
    var onnxDataType: Onnx_TensorProto.DataType {
        switch self {
        case .float32: return .float
        case .int64: return .int64
        }
    }
}

extension Onnx_TensorProto {
    /// The protobuf form of `tensor`, called `name` ("" for an unnamed attribute tensor).
    init(engineTensor tensor: Tensor, name: String) {
        self.init()
        if !name.isEmpty { self.name = name }
        dims = tensor.shape.map(Int64.init)
        dataType = Int32(tensor.elementType.onnxDataType.rawValue)
        switch tensor.storage {
        case .float32(let values):
            rawData = littleEndianBytes(of: values.map(\.bitPattern))
        case .int64(let values):
            rawData = littleEndianBytes(of: values)
        }
    }
}

/// The values' bytes in little-endian order, whatever the host's byte order.
private func littleEndianBytes<Value: FixedWidthInteger>(of values: [Value]) -> Data {
    let ordered = values.map(\.littleEndian)
    return ordered.withUnsafeBytes { Data($0) }
}
