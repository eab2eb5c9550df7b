// OpenAPISchemaValidator: checks a JSON value against a schema of the API's OpenAPI 3.1 document
// (JSON Schema 2020-12), for the keywords the document uses: type, properties, required,
// additionalProperties, items, $ref, enum, const, allOf, oneOf, anyOf, if/then/else,
// dependentRequired, minimum, maximum, minItems, maxItems, minLength and pattern ("format" and
// "description" are notes). A keyword it does not know fails the check rather than passing it.
import Foundation
import SightlinePresentation

struct OpenAPISchemaValidator {
    private let schemas: [String: Any]
    private static let notes: Set<String> = ["description", "format", "example", "examples", "title", "default"]

    /// The validator for the document at `url`.
    init(documentAt url: URL) throws {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        schemas = ((document?["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
    }

    var schemaNames: Set<String> { Set(schemas.keys) }

    /// What is wrong with `value` as the schema `name`, one line per fault; empty when it fits.
    func faults(of value: JSONLine, against name: String) -> [String] {
        guard let schema = schemas[name] else { return ["the document has no schema \(name)"] }
        return faults(of: value, against: schema, at: "$")
    }

    private func faults(of value: JSONLine, against schema: Any, at path: String) -> [String] {
        if let flag = schema as? Bool { return flag ? [] : ["\(path): nothing is allowed here"] }
        guard let schema = schema as? [String: Any] else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for (keyword, argument) in schema {
            switch keyword {
            case _ where Self.notes.contains(keyword):
                continue
            case "$ref":
                guard let reference = argument as? String, reference.hasPrefix("#/components/schemas/"),
                      let target = schemas[String(reference.dropFirst("#/components/schemas/".count))] else {
                    found.append("\(path): unresolvable $ref \(argument)")
                    continue
                }
                found += faults(of: value, against: target, at: path)
            case "type":
                let allowed = (argument as? [String]) ?? [(argument as? String) ?? "?"]
                if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                    found.append("\(path): \(Self.describe(value)) is not of type \(allowed.joined(separator: " or "))")
                }
            case "properties":
                guard case .object(let members) = value, let properties = argument as? [String: Any] else { continue }
                for (key, member) in members {
                    if let property = properties[key] { found += faults(of: member, against: property, at: "\(path).\(key)") }
                }
            case "additionalProperties":
                guard case .object(let members) = value else { continue }
                let known = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
                for (key, member) in members where !known.contains(key) {
                    found += faults(of: member, against: argument, at: "\(path).\(key)")
                }
            case "required":
                guard case .object(let members) = value else { continue }
                let present = Set(members.map(\.0))
                for key in (argument as? [String]) ?? [] where !present.contains(key) {
                    found.append("\(path): the member \"\(key)\" is missing")
                }
            case "dependentRequired":
                guard case .object(let members) = value, let dependencies = argument as? [String: [String]] else { continue }
                let present = Set(members.map(\.0))
                for (key, needed) in dependencies where present.contains(key) {
                    for other in needed where !present.contains(other) {
                        found.append("\(path): \"\(key)\" needs \"\(other)\" beside it")
                    }
                }
            case "items":
                guard case .array(let elements) = value else { continue }
                for (index, element) in elements.enumerated() {
                    found += faults(of: element, against: argument, at: "\(path)[\(index)]")
                }
            case "minItems", "maxItems":
                guard case .array(let elements) = value, let bound = argument as? Int else { continue }
                if keyword == "minItems" ? elements.count < bound : elements.count > bound {
                    found.append("\(path): \(elements.count) items, \(keyword) is \(bound)")
                }
            case "minLength":
                guard case .string(let text) = value, let bound = argument as? Int else { continue }
                if text.count < bound { found.append("\(path): \"\(text)\" is shorter than \(bound)") }
            case "pattern":
                guard case .string(let text) = value, let pattern = argument as? String else { continue }
                if text.range(of: pattern, options: .regularExpression) == nil {
                    found.append("\(path): \"\(text)\" does not match \(pattern)")
                }
            case "minimum", "maximum":
                guard let number = Self.number(value), let bound = (argument as? NSNumber)?.doubleValue else { continue }
                if keyword == "minimum" ? number < bound : number > bound {
                    found.append("\(path): \(number) is beyond the \(keyword) \(bound)")
                }
            case "exclusiveMinimum", "exclusiveMaximum":
                guard let number = Self.number(value), let bound = (argument as? NSNumber)?.doubleValue else { continue }
                if keyword == "exclusiveMinimum" ? number <= bound : number >= bound {
                    found.append("\(path): \(number) is not within the \(keyword) \(bound)")
                }
            case "enum":
                let options = (argument as? [Any]) ?? []
                if !options.contains(where: { Self.equal(value, $0) }) {
                    found.append("\(path): \(Self.describe(value)) is none of \(options)")
                }
            case "const":
                if !Self.equal(value, argument) { found.append("\(path): \(Self.describe(value)) is not \(argument)") }
            case "oneOf", "anyOf":
                let branches = (argument as? [Any]) ?? []
                let fitting = branches.filter { faults(of: value, against: $0, at: path).isEmpty }.count
                if keyword == "oneOf" ? fitting != 1 : fitting == 0 {
                    found.append("\(path): \(Self.describe(value)) fits \(fitting) of the \(branches.count) \(keyword) branches")
                }
            case "allOf":
                for branch in (argument as? [Any]) ?? [] { found += faults(of: value, against: branch, at: path) }
            case "if":
                let branch = faults(of: value, against: argument, at: path).isEmpty ? schema["then"] : schema["else"]
                if let branch { found += faults(of: value, against: branch, at: path) }
            case "then", "else":
                continue
            default:
                found.append("\(path): the validator does not know the keyword \(keyword)")
            }
        }
        return found
    }

    private static func matches(_ value: JSONLine, type: String) -> Bool {
        switch (value, type) {
        case (.string, "string"), (.bool, "boolean"), (.null, "null"), (.array, "array"), (.object, "object"): true
        case (.integer, "integer"), (.integer, "number"), (.number, "number"): true
        case (.number(let number), "integer"): number.rounded() == number
        default: false
        }
    }

    private static func number(_ value: JSONLine) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }

    private static func equal(_ value: JSONLine, _ expected: Any) -> Bool {
        switch value {
        case .string(let text): (expected as? String) == text
        case .bool(let flag): (expected as? Bool) == flag
        case .integer, .number: !(expected is Bool) && number(value) == (expected as? NSNumber)?.doubleValue
        case .null: expected is NSNull
        default: false
        }
    }

    private static func describe(_ value: JSONLine) -> String {
        let text = value.text
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
