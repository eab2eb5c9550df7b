// ONNXNodeCounter: counts the nodes of a serialised ONNX model by walking the protobuf wire
// format without decoding it, so the node-count limit holds before any node is materialised.

import Foundation

/// Reads just enough of the protobuf wire format to count the `ModelProto.graph.node` entries.
enum ONNXNodeCounter {
    /// Field numbers from the ONNX specification (see onnx.proto).
    private static let modelGraphField: UInt64 = 7
    private static let graphNodeField: UInt64 = 1

    /// The number of nodes in the model's main graph, or nil when the bytes are not well-formed
    /// protobuf; the full decoder then reports what is wrong.
    static func nodeCount(inSerializedModel data: Data) -> Int? {
        data.withUnsafeBytes { bytes -> Int? in
            var nodes = 0
            var model = WireFieldReader(bytes: bytes)
            do {
                while let field = try model.next() {
                    // A message field that appears more than once is merged by protobuf, so
                    // every occurrence of `graph` contributes its nodes.
                    guard field.number == modelGraphField, let graphBytes = field.payload else { continue }
                    var graph = WireFieldReader(bytes: graphBytes)
                    while let graphField = try graph.next() {
                        if graphField.number == graphNodeField { nodes += 1 }
                    }
                }
            } catch {
                return nil
            }
            return nodes
        }
    }
}

/// Steps through the top-level fields of one serialised protobuf message.
private struct WireFieldReader {
    struct MalformedWire: Error {}

    let bytes: UnsafeRawBufferPointer
    var position = 0

    /// The next field's number and, for a length-delimited field, its payload; nil at the end.
    mutating func next() throws -> (number: UInt64, payload: UnsafeRawBufferPointer?)? {
        guard position < bytes.count else { return nil }
        let tag = try readVarint()
        let number = tag >> 3
        switch tag & 7 {
        case 0:
            _ = try readVarint()
            return (number, nil)
        case 1:
            try skip(8)
            return (number, nil)
        case 2:
            let length = try readVarint()
            guard length <= UInt64(bytes.count - position) else { throw MalformedWire() }
            let start = position
            try skip(Int(length))
            return (number, UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        case 5:
            try skip(4)
            return (number, nil)
        default:
            // Groups (wire types 3 and 4) are not used by ONNX; anything else is invalid.
            throw MalformedWire()
        }
    }

    private mutating func readVarint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            guard position < bytes.count else { throw MalformedWire() }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw MalformedWire()
    }

    private mutating func skip(_ count: Int) throws {
        guard count <= bytes.count - position else { throw MalformedWire() }
        position += count
    }
}
