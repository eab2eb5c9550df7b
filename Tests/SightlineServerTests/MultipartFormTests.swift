// MultipartFormTests: the multipart/form-data parser behind photo uploads — what browsers and
// HTTP clients send (preamble, text fields, UTF-8 file names, binary content holding CRLFs and
// boundary-like text, an epilogue), and malformed bodies, each refused with a 400 that says
// what was wrong. Includes the input Fuzz/FuzzMultipart found that stopped the server while
// MultipartKit parsed uploads (a header-name byte ≥ 0x80).
import Foundation
import HTTPTypes
import NIOCore
@testable import SightlineServer
import XCTest

final class MultipartFormTests: XCTestCase {
    private let boundary = "----sightline7MA4YWxkTrZu0gW"

    private func body(_ text: String, photo: [UInt8] = []) -> ByteBuffer {
        var bytes = Array(text.utf8)
        if let marker = bytes.firstRange(of: Array("<PHOTO>".utf8)) { bytes.replaceSubrange(marker, with: photo) }
        return ByteBuffer(bytes: bytes)
    }

    func testBrowserFormWithTextFieldUTF8NameAndBinaryPhoto() throws {
        // Content that a naive parser would cut short: "--" + the boundary not at a line start, CRLFs, 0x00 and 0xFF.
        let photo: [UInt8] = [0xFF, 0xD8, 0x2D, 0x2D] + Array(boundary.utf8) + [0x00, 0x0D, 0x0A, 0x0D, 0x0A, 0x2D, 0x2D, 0xFF, 0xD9]
        let form = body("preamble a client may send\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\nde\r\n"
            + "--\(boundary)  \r\ncontent-disposition: form-data; name=\"photo\"; filename=\"Фото кошки.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n<PHOTO>\r\n"
            + "--\(boundary)--\r\nepilogue", photo: photo)
        let parts = try MultipartBoundary.parts(of: form, boundary: boundary)
        XCTAssertEqual(parts.map(\.name), ["lang", "photo"])
        XCTAssertEqual(parts[0].body, Data("de".utf8))
        XCTAssertEqual(parts[1].fileName, "Фото кошки.jpg")
        XCTAssertEqual(Array(parts[1].body), photo)
        let upload = try PhotoUpload.multipartPhoto(form, contentType: "multipart/form-data; boundary=\"\(boundary)\"")
        XCTAssertEqual(Array(upload.data), photo)
        XCTAssertEqual(upload.fileName, "Фото кошки.jpg")
    }

    func testPartWithoutHeadersAndEmptyContent() throws {
        let parts = try MultipartBoundary.parts(of: body("--\(boundary)\r\n\r\n\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n\r\n--\(boundary)--"),
                                                boundary: boundary)
        XCTAssertEqual(parts.count, 2)
        XCTAssertNil(parts[0].name)
        XCTAssertEqual(parts[0].body, Data())
        XCTAssertEqual(parts[1].name, "x")
        XCTAssertEqual(parts[1].body, Data())
    }

    func testMalformedBodiesAreRefusedSayingWhatIsWrong() {
        let cases: [(String, String)] = [
            ("no boundary at all", "no line \"--\(boundary)\""),
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nabc", "ends before its closing boundary"),
            ("--\(boundary)\r\nContent-Disposition form-data\r\n\r\nabc\r\n--\(boundary)--", "not \"Name: value\""),
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"", "not followed by an empty line"),
            ("--\(boundary)x\r\n\r\nabc\r\n--\(boundary)--", "something after the boundary"),
            ("--\(boundary)--\r\n", "no parts"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try MultipartBoundary.parts(of: body(text), boundary: boundary), text) { error in
                let apiError = error as? APIError
                XCTAssertEqual(apiError?.status, .badRequest, text)
                XCTAssertTrue(apiError?.message.contains(expected) == true, "\(text): \(apiError?.message ?? "\(error)")")
            }
        }
    }

    /// Fuzz/FuzzMultipart's finding (2026-11-22), byte for byte, in the target's input format
    /// (Content-Type, a line feed, the body): a header name starting with bytes 0xDD. MultipartKit
    /// 4.7.1 indexed its 128-entry character table with them and trapped, stopping the server.
    func testFuzzFindingNonASCIIHeaderNameIsABadRequest() throws {
        func upload(_ second: [UInt8]) throws -> PhotoUpload {
            var input = Array("multipart/form-data; boundary=q\n--q\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n2\r\n--q\r\n".utf8)
            input += second
            let newline = try XCTUnwrap(input.firstIndex(of: UInt8(ascii: "\n")))
            return try PhotoUpload.multipartPhoto(ByteBuffer(bytes: input[(newline + 1)...]),
                                                  contentType: String(decoding: input[..<newline], as: UTF8.self))
        }
        let name = [UInt8](repeating: 0xDD, count: 24) + Array("Content-Disposition: form-data; name=\"b\"\r\n".utf8)
        for (second, expected) in [(name + Array("\r\u{0E}\r\n--q--\r\n".utf8), "not followed by an empty line"),
                                   (name + Array("\r\nx\r\n--q--\r\n".utf8), "ASCII name")] {
            XCTAssertThrowsError(try upload(second)) { error in
                XCTAssertEqual((error as? APIError)?.status, .badRequest)
                XCTAssertTrue((error as? APIError)?.message.contains(expected) == true, "\(error)")
            }
        }
    }
}
