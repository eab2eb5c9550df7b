// HexDigest: the SHA-256 of some bytes as 64 lowercase hexadecimal digits — how manifests record
// a model file (`sha256`) and how WasteGuard fingerprints its consent documents — computed by
// swift-crypto (BoringSSL's SHA-256, with the CPU's SHA instructions where it has them).
import Crypto
public import Foundation

public enum HexDigest {
    /// The SHA-256 of `data`, 64 lowercase hexadecimal digits.
    public static func sha256(of data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
