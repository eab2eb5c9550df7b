// HTMLText: plain text out of the HTML Spoonacular puts in recipe summaries and instructions —
// tags removed, block elements (paragraphs, list items, line breaks) kept as separate blocks,
// character references decoded, white space collapsed.
import Foundation

/// Turns HTML fragments into plain text.
public enum HTMLText {
    /// The text of `html` as blocks: one per paragraph, list item, heading, line break or line
    /// of plain text, trimmed, empty ones dropped. Inline tags (<b>, <a>) vanish without adding
    /// space, as in a browser; the contents of script and style elements are dropped.
    ///
    ///     "<ol><li>Chop the onion.</li><li>Fry it &amp; stir.</li></ol>" → ["Chop the onion.", "Fry it & stir."]
    public static func blocks(_ html: String) -> [String] {
        var blocks: [String] = []
        var current = ""
        var skippedElement: String?
        func finishBlock() {
            let text = collapsedWhitespace(decodingCharacterReferences(current))
            if !text.isEmpty { blocks.append(text) }
            current = ""
        }
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", startsTag(html[html.index(after: index)...]), let close = html[index...].firstIndex(of: ">") {
                let tag = tagName(html[html.index(after: index) ..< close])
                index = html.index(after: close)
                if let skipped = skippedElement {
                    if tag.closing && tag.name == skipped { skippedElement = nil }
                    continue
                }
                if !tag.closing && (tag.name == "script" || tag.name == "style") {
                    skippedElement = tag.name
                } else if blockElements.contains(tag.name) {
                    finishBlock()
                }
                continue
            }
            index = html.index(after: index)
            guard skippedElement == nil else { continue }
            if character.isNewline {
                finishBlock()
            } else {
                current.append(character)
            }
        }
        finishBlock()
        return blocks
    }

    /// The text of `html` in one line: its blocks joined with spaces.
    public static func plainText(_ html: String) -> String {
        blocks(html).joined(separator: " ")
    }

    private static let blockElements: Set<String> = [
        "p", "br", "li", "ol", "ul", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section",
        "article", "blockquote", "hr",
    ]

    /// Whether the text after a "<" opens a tag ("<b", "</p", "<!--") rather than being a
    /// less-than sign ("1 < 2").
    private static func startsTag(_ rest: Substring) -> Bool {
        guard let first = rest.first else { return false }
        return first.isLetter || first == "/" || first == "!"
    }

    /// "li" and false for "<li class=x>", "ol" and true for "</ol>", "br" and false for "<br/>".
    private static func tagName(_ inside: Substring) -> (name: String, closing: Bool) {
        let trimmed = inside.trimmingCharacters(in: .whitespaces)
        let closing = trimmed.hasPrefix("/")
        let name = trimmed.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        return (name.lowercased(), closing)
    }

    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "deg": "°", "frac12": "½", "frac14": "¼", "frac34": "¾", "times": "×", "rsquo": "’",
        "lsquo": "‘", "ldquo": "“", "rdquo": "”", "eacute": "é", "egrave": "è", "auml": "ä", "ouml": "ö",
        "uuml": "ü", "szlig": "ß", "ntilde": "ñ", "ccedil": "ç",
    ]

    /// `text` with "&amp;", "&#39;", "&#x2019;" and the other references above replaced by
    /// their characters; unknown references are left as they are.
    public static func decodingCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let reference = text[text.index(after: index) ..< semicolon]
                if let decoded = decode(reference) {
                    result += decoded
                    index = text.index(after: semicolon)
                    continue
                }
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }

    private static func decode(_ reference: Substring) -> String? {
        if reference.hasPrefix("#") {
            let digits = reference.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16)
                : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return namedReferences[String(reference)]
    }

    private static func collapsedWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
