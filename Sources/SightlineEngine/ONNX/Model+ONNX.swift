// Model+ONNX: loads an ONNX file (or its bytes) into a Model — size and node-count limits,
// protobuf decoding, opset check, conversion to the engine's Graph, topological ordering and
// structural validation. Every failure is an EngineError saying what was wrong.

public import Foundation
import SwiftProtobuf

extension Model {
    /// The default-domain opset versions the engine implements.
    public static let supportedOpsetVersions = 11...17

    /// Loads the ONNX model stored at `url`.
    ///
    /// The file's size is checked against `limits.maximumFileSize` before it is read.
    public init(contentsOf url: URL, limits: ModelLoadingLimits = ModelLoadingLimits()) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw EngineError.unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw EngineError.unreadableFile(path: path, reason: "it is a directory, not an .onnx file")
        }
        let sizeLimitExceeded = { (size: Int) in
            EngineError.exceedsLoadingLimit(limit: "maximumFileSize", value: size, maximum: limits.maximumFileSize)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > limits.maximumFileSize {
            throw sizeLimitExceeded(size)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EngineError.unreadableFile(path: path, reason: error.localizedDescription)
        }
        // The file may have grown since its size was checked, or be a special file with no size.
        guard data.count <= limits.maximumFileSize else { throw sizeLimitExceeded(data.count) }
        try self.init(serializedData: data, limits: limits)
    }

    /// Loads an ONNX model from its serialised protobuf bytes.
    public init(serializedData data: Data, limits: ModelLoadingLimits = ModelLoadingLimits()) throws {
        guard !data.isEmpty else {
            throw EngineError.malformedModel(reason: "the model is empty (0 bytes)")
        }
        guard data.count <= limits.maximumFileSize else {
            throw EngineError.exceedsLoadingLimit(limit: "maximumFileSize", value: data.count, maximum: limits.maximumFileSize)
        }
        if let nodeCount = ONNXNodeCounter.nodeCount(inSerializedModel: data) {
            try Self.checkNodeCount(nodeCount, limits: limits)
        }

        let proto: Onnx_ModelProto
        do {
            proto = try Onnx_ModelProto(serializedBytes: data)
        } catch {
            throw EngineError.malformedModel(reason: "the bytes are not a valid ONNX protobuf (\(error))")
        }
        guard proto.hasGraph else {
            throw EngineError.malformedModel(reason: "the model has no graph; is this really an ONNX file?")
        }
        try Self.checkNodeCount(proto.graph.node.count, limits: limits)

        let opsetVersion = try Self.defaultDomainOpsetVersion(of: proto)
        let graph = try proto.graph.engineGraph().sortedTopologically()
        try GraphValidator.validate(graph)

        self.init(irVersion: Int(proto.irVersion),
                  opsetVersion: opsetVersion,
                  producerName: proto.producerName,
                  metadata: try Self.metadata(of: proto),
                  graph: graph)
    }

    private static func checkNodeCount(_ count: Int, limits: ModelLoadingLimits) throws {
        guard count <= limits.maximumNodeCount else {
            throw EngineError.exceedsLoadingLimit(limit: "maximumNodeCount", value: count, maximum: limits.maximumNodeCount)
        }
    }

    /// The opset version imported for the standard ONNX domain, which must be one the engine
    /// implements. Imports of other domains are accepted here; a node that uses one is refused
    /// when the graph is converted.
    private static func defaultDomainOpsetVersion(of proto: Onnx_ModelProto) throws -> Int {
        let versions = Set(proto.opsetImport.filter { $0.domain.isEmpty || $0.domain == "ai.onnx" }.map(\.version))
        guard let version = versions.first else {
            throw EngineError.malformedModel(reason: "the model imports no opset for the standard ONNX domain (opset_import)")
        }
        guard versions.count == 1 else {
            throw EngineError.malformedModel(reason:
                "the model imports the standard ONNX domain at several versions (\(versions.sorted()))")
        }
        guard let supported = Int(exactly: version), supportedOpsetVersions.contains(supported) else {
            throw EngineError.unsupportedOpset(domain: "", version: Int(clamping: version))
        }
        return supported
    }

    private static func metadata(of proto: Onnx_ModelProto) throws -> [String: String] {
        var metadata: [String: String] = [:]
        for entry in proto.metadataProps {
            guard metadata.updateValue(entry.value, forKey: entry.key) == nil else {
                throw EngineError.malformedModel(reason: "the metadata key '\(entry.key)' appears twice")
            }
        }
        return metadata
    }
}
