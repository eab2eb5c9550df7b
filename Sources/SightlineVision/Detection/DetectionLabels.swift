// DetectionLabels: a detector's class names and where they came from — the caller (a label file), the
// installed model's manifest, the `names` an Ultralytics export keeps in its ONNX metadata — or
// none, when classes are called "class N".
public import Foundation

/// The class names of an object detector, in the model's output order.
public struct DetectionLabels: Sendable, Hashable {
    /// Where the names came from.
    public enum Source: String, Sendable, Hashable, CustomStringConvertible {
        /// Given by the caller (`sightline detect --labels` reads them from a file).
        case provided
        /// The installed model's manifest.
        case manifest
        /// The `names` entry of the ONNX file's metadata (Ultralytics exports).
        case metadata
        /// Nowhere: classes are called "class 0", "class 1", ….
        case none

        /// Where the names came from, for messages: "the model's metadata".
        public var description: String {
            switch self {
            case .provided: "the label list given"
            case .manifest: "the model's manifest"
            case .metadata: "the model's metadata"
            case .none: "no label source"
            }
        }
    }

    /// The ONNX metadata key Ultralytics exports keep their class names under.
    public static let metadataKey = "names"

    public let names: [String]
    public let source: Source

    public init(names: [String], source: Source) {
        self.names = names
        self.source = source
    }

    /// The name of class `index`, or "class `index`" when there is none.
    public func name(ofClass index: Int) -> String {
        names.indices.contains(index) ? names[index] : "class \(index)"
    }

    /// The class names in a label file: UTF-8 text, one name per line, surrounding whitespace
    /// trimmed and blank lines skipped.
    ///
    /// - Throws: `ObjectDetectionError.unreadableLabels` when the file cannot be read, is not
    ///   UTF-8 or holds no names.
    public static func read(contentsOf url: URL) throws -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ObjectDetectionError.unreadableLabels(path: url.path, reason: "cannot read it (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ObjectDetectionError.unreadableLabels(path: url.path, reason: "it is not UTF-8 text")
        }
        let names = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))) }
            .filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw ObjectDetectionError.unreadableLabels(path: url.path, reason: "it holds no names")
        }
        return names
    }

    /// The names stored under `names` in an ONNX model's metadata, or nil when there are none.
    /// Ultralytics writes a Python dict literal (`{0: 'person', 1: 'bicycle'}`); a list literal
    /// is accepted too.
    ///
    /// - Throws: `ClassNameList.ParseError` when the entry is there but cannot be read.
    static func fromMetadata(_ metadata: [String: String]) throws -> [String]? {
        guard let literal = metadata[metadataKey], !literal.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return nil
        }
        return try ClassNameList.parse(literal, dialect: .python)
    }
}
