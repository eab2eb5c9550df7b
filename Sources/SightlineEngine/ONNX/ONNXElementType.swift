// ONNXElementType: how ONNX tensor element types (TensorProto.DataType codes) map onto the
// engine's element types, and their names for error messages.

extension Onnx_TensorProto.DataType {
    /// The element type the engine stores this ONNX type as: float and double become float32,
    /// int32 and int64 become int64. nil for every type the engine cannot compute with.
    var engineElementType: ElementType? {
        switch self {
        case .float, .double: return .float32
        case .int32, .int64: return .int64
        default: return nil
        }
    }

    /// The type's name as ONNX tools such as Netron print it ("float32", "float16", "bool").
    var displayName: String {
        switch self {
        case .undefined: return "undefined"
        case .float: return "float32"
        case .uint8: return "uint8"
        case .int8: return "int8"
        case .uint16: return "uint16"
        case .int16: return "int16"
        case .int32: return "int32"
        case .int64: return "int64"
        case .string: return "string"
        case .bool: return "bool"
        case .float16: return "float16"
        case .double: return "float64"
        case .uint32: return "uint32"
        case .uint64: return "uint64"
        case .complex64: return "complex64"
        case .complex128: return "complex128"
        case .bfloat16: return "bfloat16"
        case .float8E4M3Fn: return "float8e4m3fn"
        case .float8E4M3Fnuz: return "float8e4m3fnuz"
        case .float8E5M2: return "float8e5m2"
        case .float8E5M2Fnuz: return "float8e5m2fnuz"
        case .uint4: return "uint4"
        case .int4: return "int4"
        case .float4E2M1: return "float4e2m1"
        case .float8E8M0: return "float8e8m0"
        case .uint2: return "uint2"
        case .int2: return "int2"
        case .float6E2M3: return "float6e2m3"
        case .float6E3M2: return "float6e3m2"
        }
    }

    /// The display name of the ONNX type with this code, including codes newer than this file.
    static func displayName(ofCode code: Int32) -> String {
        Onnx_TensorProto.DataType(rawValue: Int(code))?.displayName ?? "unknown ONNX type \(code)"
    }
}
