// YOLODataConfiguration: the class names of a YOLO dataset's data.yaml — only the `names` key,
// in the forms Ultralytics and Roboflow write it (flow list, possibly over several lines, flow
// mapping, block list, block mapping), without a general YAML parser.
import Foundation

package enum YOLODataConfiguration {
    /// The file name Ultralytics gives a dataset's configuration.
    package static let fileName = "data.yaml"

    /// The `names` of a data.yaml's text, or nil when it has no top-level `names` key.
    ///
    /// - Throws: `ClassNameList.ParseError` when the key is there but cannot be read.
    package static func classNames(inYAML text: String) throws -> [String]? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let keyLine = lines.firstIndex(where: isNamesKey) else { return nil }
        let line = lines[keyLine]
        let afterColon = line[line.index(after: line.firstIndex(of: ":")!)...]
        let rest = withoutComment(String(afterColon)).trimmingCharacters(in: .whitespaces)
        if let opening = rest.first, opening == "[" || opening == "{" {
            // A flow collection, possibly continued on the following lines.
            let remainder = ([String(afterColon)] + lines[(keyLine + 1)...]).joined(separator: "\n")
            return try ClassNameList.parse(flowCollection(startingIn: remainder), dialect: .yaml)
        }
        guard rest.isEmpty else {
            throw ClassNameList.ParseError(description: "`names:` is followed by '\(rest)', not a list or mapping")
        }
        return try blockCollection(lines[(keyLine + 1)...])
    }

    /// Whether `line` is the top-level `names:` key (unindented; "names :" counts too).
    private static func isNamesKey(_ line: String) -> Bool {
        guard line.hasPrefix("names") else { return false }
        return line.dropFirst("names".count).drop(while: { $0 == " " || $0 == "\t" }).first == ":"
    }

    /// The text from the first bracket to its matching closing bracket (quotes respected), or
    /// all of it if unbalanced, for the parser to report.
    private static func flowCollection(startingIn text: String) -> String {
        let characters = Array(text)
        guard let start = characters.firstIndex(where: { $0 == "[" || $0 == "{" }) else { return text }
        var depth = 0
        var quote: Character?
        for index in start ..< characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                if opensQuote(after: characters[index - 1]) { quote = character }
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { return String(characters[start ... index]) }
            default: break
            }
        }
        return String(characters[start...])
    }

    /// The indented `- name` or `index: name` lines after `names:`, up to the next unindented line.
    private static func blockCollection(_ lines: ArraySlice<String>) throws -> [String] {
        var listItems: [String] = []
        var mappingEntries: [(index: Int, name: String)] = []
        for line in lines {
            let content = withoutComment(line)
            guard !content.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard content.first == " " || content.first == "\t" || content.first == "-" else { break }
            let item = content.trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("-") {
                listItems.append(try ClassNameList.parseScalar(String(item.dropFirst()), dialect: .yaml))
            } else if let colon = item.firstIndex(of: ":"), let index = Int(item[..<colon].trimmingCharacters(in: .whitespaces)) {
                mappingEntries.append((index, try ClassNameList.parseScalar(String(item[item.index(after: colon)...]), dialect: .yaml)))
            } else {
                throw ClassNameList.ParseError(description: "the line '\(item)' under `names:` is neither `- name` nor `index: name`")
            }
        }
        guard listItems.isEmpty || mappingEntries.isEmpty else {
            throw ClassNameList.ParseError(description: "`names:` mixes `- name` and `index: name` lines")
        }
        return listItems.isEmpty ? try ClassNameList.ordered(mappingEntries) : listItems
    }

    /// Whether a quote after `previous` starts a quoted scalar (rather than being an
    /// apostrophe inside a plain one, as in "chef's knife").
    private static func opensQuote(after previous: Character) -> Bool {
        previous.isWhitespace || "[{,:-".contains(previous)
    }

    /// `line` without a trailing ` # comment` outside quotes.
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"", offset == 0 || opensQuote(after: previous) {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" || offset == 0 {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }
}
