// HexDigestTests: the SHA-256 hex digests that manifests and consent versions are made of, on
// the standard's test messages.
import Foundation
import SightlineVision
import XCTest

final class HexDigestTests: XCTestCase {
    func testSHA256OfTheStandardsTestMessages() {
        // FIPS 180-4 examples (one block, empty, two blocks) and a message of several blocks.
        XCTAssertEqual(HexDigest.sha256(of: Data("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(HexDigest.sha256(of: Data()),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(HexDigest.sha256(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(HexDigest.sha256(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
