// TensorProto+Conversion: turns an ONNX TensorProto (an initialiser or a tensor attribute) into
// an engine Tensor, reading either `raw_data` (little-endian bytes) or the typed value fields,
// and checking that the data agrees with the dimensions before anything large is allocated.

import Foundation

extension Onnx_TensorProto {
    /// The ONNX element type, or nil when the code is one this file does not know.
    var onnxDataType: DataType? { DataType(rawValue: Int(dataType)) }

    /// Whether the engine can represent this tensor's element type (see `ONNXElementType`).
    var hasSupportedElementType: Bool { onnxDataType?.engineElementType != nil }

    /// The tensor as the engine stores it: float32 from float and double data, int64 from int64
    /// and int32 data.
    ///
    /// - Parameter label: how errors name the tensor (its own name, or where it came from when
    ///   it has none, e.g. "Constant_3.value").
    func engineTensor(label: String) throws -> Tensor {
        if dataLocation == .external {
            let location = externalData.first { $0.key == "location" }?.value ?? "an unnamed file"
            throw EngineError.malformedModel(reason:
                "tensor '\(label)' keeps its data in the external file '\(location)', which is not supported; "
                + "save the model with all tensors inside it (onnx.save_model(model, path, save_as_external_data=False))")
        }
        if hasSegment {
            throw EngineError.malformedModel(reason:
                "tensor '\(label)' is one segment of a split tensor, which is not supported; save the tensor whole")
        }
        let unsupportedType = EngineError.unsupportedElementType(tensor: label, type: DataType.displayName(ofCode: dataType))
        guard let type = onnxDataType, type.engineElementType != nil else { throw unsupportedType }
        let shape = try checkedShape(label: label)
        let count = shape.reduce(1, *)

        switch type {
        case .float:
            let values: [Float] = hasRawData
                ? try rawValues(count: count, label: label)
                : try typedValues(floatData, field: "float_data", count: count, label: label)
            return Tensor(shape: shape, floats: values)
        case .double:
            let values: [Double] = hasRawData
                ? try rawValues(count: count, label: label)
                : try typedValues(doubleData, field: "double_data", count: count, label: label)
            return Tensor(shape: shape, floats: values.map(Float.init))
        case .int64:
            let values: [Int64] = hasRawData
                ? try rawValues(count: count, label: label)
                : try typedValues(int64Data, field: "int64_data", count: count, label: label)
            return Tensor(shape: shape, int64s: values)
        case .int32:
            let values: [Int32] = hasRawData
                ? try rawValues(count: count, label: label)
                : try typedValues(int32Data, field: "int32_data", count: count, label: label)
            return Tensor(shape: shape, int64s: values.map(Int64.init))
        default:
            throw unsupportedType
        }
    }

    /// `dims` as Ints, refusing negative sizes and shapes outside `ShapeBounds`, so that the
    /// element count (their product) is safe to compute and allocate.
    private func checkedShape(label: String) throws -> [Int] {
        let shape = try dims.map { dim in
            guard dim >= 0, let size = Int(exactly: dim) else {
                throw EngineError.malformedModel(reason:
                    "tensor '\(label)' has the invalid dimension \(dim) in its shape \(dims); sizes must be zero or more")
            }
            return size
        }
        if let problem = ShapeBounds.problem(with: shape) {
            throw EngineError.malformedModel(reason: "tensor '\(label)' has the shape \(shape): \(problem)")
        }
        return shape
    }

    /// `count` values read from `raw_data`, which stores them as little-endian bytes.
    private func rawValues<Value: RawDataElement>(count: Int, label: String) throws -> [Value] {
        let expectedBytes = count * MemoryLayout<Value>.size
        guard rawData.count == expectedBytes else {
            throw EngineError.malformedModel(reason:
                "tensor '\(label)' of shape \(dims) needs \(expectedBytes) bytes of raw_data "
                + "(\(count) values of \(MemoryLayout<Value>.size) bytes), but has \(rawData.count)")
        }
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            rawData.withUnsafeBytes { source in UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source) }
            initializedCount = count
        }
        return hostIsLittleEndian ? values : values.map(\.fromLittleEndian)
    }

    /// The typed value field, checked to hold exactly `count` values.
    private func typedValues<Value>(_ values: [Value], field: String, count: Int, label: String) throws -> [Value] {
        guard values.count == count else {
            throw EngineError.malformedModel(reason:
                "tensor '\(label)' of shape \(dims) needs \(count) values, but its \(field) holds \(values.count)")
        }
        return values
    }
}

private let hostIsLittleEndian = 1.littleEndian == 1

/// An element type that `raw_data` can hold, copied byte for byte on a little-endian host.
private protocol RawDataElement: BitwiseCopyable {
    /// The value whose bytes are these bytes read in little-endian order.
    var fromLittleEndian: Self { get }
}

extension Float: RawDataElement {
    fileprivate var fromLittleEndian: Float { Float(bitPattern: UInt32(littleEndian: bitPattern)) }
}

extension Double: RawDataElement {
    fileprivate var fromLittleEndian: Double { Double(bitPattern: UInt64(littleEndian: bitPattern)) }
}

extension Int64: RawDataElement {
    fileprivate var fromLittleEndian: Int64 { Int64(littleEndian: self) }
}

extension Int32: RawDataElement {
    fileprivate var fromLittleEndian: Int32 { Int32(littleEndian: self) }
}
