// JSONLine: one JSON value written as a single line with its object keys in the order given,
// the format of every --json output of the CLI and every answer of the web API (Foundation's
// JSONEncoder does not keep order).
import Foundation

/// A JSON value whose objects keep their keys in insertion order.
public enum JSONLine: Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONLine])
    case object([(String, JSONLine)])

    /// The value as compact JSON text.
    public var text: String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .number(let value): return value.isFinite ? "\(value)" : "null"
        case .integer(let value): return "\(value)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
