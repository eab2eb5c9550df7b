// JPEGEditing: small surgical edits of real JPEG files to build hostile inputs in tests.
import Foundation

enum JPEGEditing {
    /// Offset of the first start-of-frame (baseline FF C0 or progressive FF C2) marker.
    static func startOfFrameOffset(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        return (0 ..< bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }
    }

    /// The JPEG with the dimensions in its start-of-frame segment replaced.
    static func withDeclaredSize(_ data: Data, width: UInt16, height: UInt16) -> Data {
        var bytes = [UInt8](data)
        let sof = startOfFrameOffset(in: data)!
        // FF Cn, length (2), precision (1), height (2), width (2)
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }
}
