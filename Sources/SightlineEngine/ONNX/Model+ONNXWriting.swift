// Model+ONNXWriting: saves a Model as a standard ONNX file — the inverse of Model+ONNX. The
// graph is checked first, then serialised with every tensor inside the file (raw_data), so
// the result loads in Sightline and in any other ONNX runtime.
public import Foundation
import SwiftProtobuf

extension Model {
    /// The model as ONNX protobuf bytes.
    ///
    /// Initialisers are written in name order, metadata entries in key order, so the same
    /// model always gives the same bytes. Float32 tensors are written as FLOAT, int64 tensors
    /// as INT64 (the engine's two element types), both in little-endian `raw_data`.
    ///
    /// - Throws: `EngineError.invalidGraph` when the graph fails `GraphValidator`, or
    ///   `.unsupportedOpset` when `opsetVersion` is not one the engine implements.
    public func serializedData() throws -> Data {
        guard Self.supportedOpsetVersions.contains(opsetVersion) else {
            throw EngineError.unsupportedOpset(domain: "", version: opsetVersion)
        }
        try GraphValidator.validate(graph)
        var proto = Onnx_ModelProto()
        proto.irVersion = Int64(irVersion)
        proto.producerName = producerName
        var opset = Onnx_OperatorSetIdProto()
        opset.domain = ""
        opset.version = Int64(opsetVersion)
        proto.opsetImport = [opset]
        proto.metadataProps = metadata.keys.sorted().map { key in
            var entry = Onnx_StringStringEntryProto()
            entry.key = key
            entry.value = metadata[key]!
            return entry
        }
        proto.graph = Onnx_GraphProto(engineGraph: graph)
        do {
            return try proto.serializedBytes()
        } catch {
            throw EngineError.malformedModel(reason: "the model cannot be serialised (\(error))")
        }
    }

    /// Writes the model to `url` as an ONNX file, replacing any file there. The bytes go to a
    /// temporary file in the same folder first, so a reader never sees a half-written model.
    ///
    /// - Throws: what `serializedData()` throws, or `EngineError.unwritableFile`.
    public func write(to url: URL) throws {
        let data = try serializedData()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw EngineError.unwritableFile(path: url.path, reason: error.localizedDescription)
        }
    }
}
