// ClassNameList: reads the class names that YOLO tooling writes inline — Ultralytics ONNX
// exports store `names` in their metadata as a Python dict literal ("{0: 'person', 1: 'bicycle'}"),
// and data.yaml files give them as a flow list ("['person', 'bicycle']") or flow mapping.
import Foundation

/// Parses one inline list or index → name mapping of class names.
enum ClassNameList {
    /// The quoting rules of the text.
    enum Dialect {
        /// Python literals (`repr` of a dict or list): backslash escapes in both quote styles.
        case python
        /// YAML flow collections: `''` escapes a quote in single quotes, backslash escapes apply
        /// in double quotes only, and names may be unquoted.
        case yaml
    }

    /// Why a names literal could not be read.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// The names in `text`: a list (`[a, b]`) in its order, or a mapping (`{0: a, 1: b}`) whose
    /// keys must be the indices 0…n−1 in any order.
    static func parse(_ text: String, dialect: Dialect) throws -> [String] {
        var reader = Reader(characters: Array(text), dialect: dialect)
        reader.skipWhitespace()
        let names: [String]
        switch reader.peek {
        case "[": names = try reader.list()
        case "{": names = try ordered(reader.mapping())
        default: throw ParseError(description: "expected a list [...] or a mapping {...}")
        }
        reader.skipWhitespace()
        guard reader.peek == nil else {
            throw ParseError(description: "unexpected text after the closing bracket at character \(reader.position + 1)")
        }
        return names
    }

    /// One name on its own — quoted or plain (trimmed) — as a YAML block list item or
    /// mapping value gives it.
    static func parseScalar(_ text: String, dialect: Dialect) throws -> String {
        var reader = Reader(characters: Array(text), dialect: dialect)
        reader.skipWhitespace()
        guard let first = reader.peek else { throw ParseError(description: "expected a name, found nothing") }
        guard first == "'" || first == "\"" else { return text.trimmingCharacters(in: .whitespaces) }
        let name = try reader.quoted(first)
        reader.skipWhitespace()
        guard reader.peek == nil else {
            throw ParseError(description: "unexpected text after the quoted name at character \(reader.position + 1)")
        }
        return name
    }

    /// The names of an index → name mapping in index order; the indices must be 0…n−1.
    static func ordered(_ entries: [(index: Int, name: String)]) throws -> [String] {
        var names = [String?](repeating: nil, count: entries.count)
        for (index, name) in entries {
            guard index >= 0, index < entries.count else {
                throw ParseError(description: "class index \(index) is outside 0…\(entries.count - 1) "
                    + "(a mapping of \(entries.count) names must use the indices 0…\(entries.count - 1))")
            }
            guard names[index] == nil else { throw ParseError(description: "class index \(index) appears twice") }
            names[index] = name
        }
        return names.map { $0! }
    }

    /// A cursor over the literal's characters.
    private struct Reader {
        let characters: [Character]
        let dialect: Dialect
        var position = 0

        var peek: Character? { position < characters.count ? characters[position] : nil }

        mutating func skipWhitespace() {
            while let character = peek, character.isWhitespace { position += 1 }
        }

        mutating func expect(_ character: Character) throws {
            skipWhitespace()
            guard peek == character else {
                throw ParseError(description: "expected '\(character)' at character \(position + 1)"
                    + (peek.map { ", found '\($0)'" } ?? ", found the end"))
            }
            position += 1
        }

        /// `[value, value, …]`, a trailing comma allowed.
        mutating func list() throws -> [String] {
            try expect("[")
            var names: [String] = []
            while true {
                skipWhitespace()
                if peek == "]" { position += 1; return names }
                names.append(try scalar(stoppingAt: [",", "]"]))
                skipWhitespace()
                if peek == "," { position += 1 } else { try expect("]"); return names }
            }
        }

        /// `{index: value, …}`, a trailing comma allowed.
        mutating func mapping() throws -> [(index: Int, name: String)] {
            try expect("{")
            var entries: [(index: Int, name: String)] = []
            while true {
                skipWhitespace()
                if peek == "}" { position += 1; return entries }
                let key = try scalar(stoppingAt: [":"])
                guard let index = Int(key) else {
                    throw ParseError(description: "the key '\(key)' is not a class index (a whole number)")
                }
                try expect(":")
                entries.append((index, try scalar(stoppingAt: [",", "}"])))
                skipWhitespace()
                if peek == "," { position += 1 } else { try expect("}"); return entries }
            }
        }

        /// A quoted string, or (in YAML, or for keys) the trimmed text up to a stop character.
        mutating func scalar(stoppingAt stops: Set<Character>) throws -> String {
            skipWhitespace()
            if let quote = peek, quote == "'" || quote == "\"" {
                return try quoted(quote)
            }
            let start = position
            while let character = peek, !stops.contains(character), !"[]{}".contains(character) { position += 1 }
            let text = String(characters[start ..< position]).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                throw ParseError(description: "expected a name at character \(start + 1)")
            }
            return text
        }

        /// The string in `quote`s starting at the cursor, escapes resolved.
        mutating func quoted(_ quote: Character) throws -> String {
            let start = position
            position += 1
            var text = ""
            let backslashEscapes = dialect == .python || quote == "\""
            while let character = peek {
                position += 1
                if character == quote {
                    // YAML doubles a single quote to escape it.
                    if dialect == .yaml, quote == "'", peek == "'" {
                        position += 1
                        text.append("'")
                        continue
                    }
                    return text
                }
                if character == "\\", backslashEscapes {
                    text.append(try escaped())
                } else {
                    text.append(character)
                }
            }
            throw ParseError(description: "the string starting at character \(start + 1) is not closed")
        }

        /// The character a backslash escape stands for; the cursor is after the backslash.
        mutating func escaped() throws -> Character {
            guard let code = peek else { throw ParseError(description: "the text ends in a backslash") }
            position += 1
            switch code {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "0": return "\0"
            case "x": return try hexScalar(digits: 2)
            case "u": return try hexScalar(digits: 4)
            case "U": return try hexScalar(digits: 8)
            default: return code  // \\, \', \" and any other character stand for themselves
            }
        }

        mutating func hexScalar(digits: Int) throws -> Character {
            guard position + digits <= characters.count,
                  let value = UInt32(String(characters[position ..< position + digits]), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw ParseError(description: "a \\x, \\u or \\U escape at character \(position) needs \(digits) hex digits")
            }
            position += digits
            return Character(scalar)
        }
    }
}
