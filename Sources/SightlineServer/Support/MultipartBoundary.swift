// MultipartBoundary: a multipart/form-data body (RFC 7578 over RFC 2046) split into its parts —
// each part's field name, file name and bytes — and the boundary read from the Content-Type
// header. Parsed here rather than with MultipartKit: its 4.7.1 parser indexes a 128-entry
// table with every header-name byte, so one byte ≥ 0x80 there stopped the whole server (found
// by Fuzz/FuzzMultipart; the input is kept as a regression test).
import Foundation
import NIOCore

package struct FormPart: Sendable {
    var name: String?
    var fileName: String?
    var body: Data
}

package enum MultipartBoundary {
    private static let crlf: [UInt8] = [13, 10]
    private static let blankLine: [UInt8] = [13, 10, 13, 10]
    private static let dashes: [UInt8] = [45, 45]

    /// The `boundary=` parameter of a multipart Content-Type, unquoted.
    static func value(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }

    /// The parts between the first delimiter line ("--" + boundary, at the start of the body
    /// or of a line) and the closing one ("--" + boundary + "--"). Each part is header lines,
    /// an empty line and its content, which ends at the CRLF before the next delimiter.
    static func parts(of body: ByteBuffer, boundary: String) throws -> [FormPart] {
        let bytes = Array(body.readableBytesView)
        let delimiter = dashes + Array(boundary.utf8)
        let lineDelimiter = crlf + delimiter
        var position: Int
        if bytes.starts(with: delimiter) {
            position = 0
        } else if let found = find(lineDelimiter, in: bytes, from: 0) {
            position = found + 2
        } else {
            throw malformed("it has no line \"--\(boundary)\"")
        }
        var parts: [FormPart] = []
        while true {
            position += delimiter.count
            if bytes[position...].starts(with: dashes) { break }   // the closing delimiter
            // Transport padding (spaces and tabs) may follow a delimiter before its CRLF.
            while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 }
            guard bytes[position...].starts(with: crlf) else {
                throw malformed("a boundary line has something after the boundary")
            }
            position += 2
            let headerEnd: Int
            if bytes[position...].starts(with: crlf) {
                headerEnd = position   // a part without headers
            } else if let found = find(blankLine, in: bytes, from: position) {
                headerEnd = found + 2
            } else {
                throw malformed("a part's headers are not followed by an empty line")
            }
            let headers = try headerFields(bytes[position..<headerEnd])
            let contentStart = headerEnd + 2
            guard let contentEnd = find(lineDelimiter, in: bytes, from: contentStart) else {
                throw malformed("it ends before its closing boundary \"--\(boundary)--\"")
            }
            let disposition = headers.first { $0.name.lowercased() == "content-disposition" }?.value ?? ""
            parts.append(FormPart(name: parameter("name", in: disposition), fileName: parameter("filename", in: disposition),
                                  body: Data(bytes[contentStart..<contentEnd])))
            position = contentEnd + 2
        }
        guard !parts.isEmpty else { throw APIError.badRequest("The multipart/form-data body has no parts.") }
        return parts
    }

    /// "Name: value" lines, each ended by CRLF; a name is visible ASCII without ':'.
    private static func headerFields(_ block: ArraySlice<UInt8>) throws -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        var lineStart = block.startIndex
        while lineStart < block.endIndex {
            guard let lineEnd = find(crlf, in: block, from: lineStart) else {
                throw malformed("a part's header line does not end with CRLF")
            }
            let line = block[lineStart..<lineEnd]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[..<colon].allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw malformed("a part's header line is not \"Name: value\" with an ASCII name")
            }
            fields.append((String(decoding: line[..<colon], as: UTF8.self),
                           String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)))
            lineStart = lineEnd + 2
        }
        return fields
    }

    /// The index of the first occurrence of `needle` in `haystack` at or after `start`, by
    /// Knuth–Morris–Pratt: linear time whatever the bytes (a body of dashes costs no more than
    /// any other).
    private static func find<Bytes: RandomAccessCollection>(_ needle: [UInt8], in haystack: Bytes, from start: Int) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard !needle.isEmpty, start >= haystack.startIndex, start <= haystack.endIndex else { return nil }
        // border[i]: the length of the longest proper prefix of needle[...i] that is also its suffix.
        var border = [Int](repeating: 0, count: needle.count)
        var length = 0
        for i in 1..<needle.count {
            while length > 0 && needle[i] != needle[length] { length = border[length - 1] }
            if needle[i] == needle[length] { length += 1 }
            border[i] = length
        }
        var matched = 0
        var index = start
        while index < haystack.endIndex {
            let byte = haystack[index]
            while matched > 0 && byte != needle[matched] { matched = border[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count { return index - needle.count + 1 }
            index += 1
        }
        return nil
    }

    private static func malformed(_ problem: String) -> APIError {
        APIError.badRequest("The multipart/form-data body is malformed: \(problem).")
    }

    /// `name="photo"` → "photo" in a Content-Disposition header.
    private static func parameter(_ key: String, in disposition: String) -> String? {
        for item in disposition.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
