// ContentHash: the SHA-256 of a photo file's bytes as the photo index keeps it (32 bytes), from
// Vision's HexDigest — how `index add` fingerprints a file and `index work` checks that the
// bytes it reads are still the ones that were added.
import Foundation
import SightlineVision

enum ContentHash {
    static func sha256(of data: Data) -> Data {
        var bytes = Data(capacity: 32)
        var digits = HexDigest.sha256(of: data).makeIterator()
        while let high = digits.next(), let low = digits.next(), let byte = UInt8(String([high, low]), radix: 16) {
            bytes.append(byte)
        }
        return bytes
    }
}
