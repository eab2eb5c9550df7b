// NumpyFileReader: reads the float32 `.npy` files the ONNX Runtime reference writes (format
// 1.0 or 2.0, little-endian, C order) into engine tensors, so Sightline can run exactly the
// tensors ONNX Runtime ran.
import Foundation
import SightlineCommandSupport
import SightlineEngine

enum NumpyFileReader {
    private static let magic: [UInt8] = [0x93] + Array("NUMPY".utf8)

    /// The float32 array stored in the `.npy` file at `url`.
    ///
    /// - Throws: `CommandFailure` naming the file when it cannot be read or holds anything but
    ///   a little-endian float32 array in C order.
    static func tensor(contentsOf url: URL) throws -> Tensor {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: url))
        } catch {
            throw CommandFailure("Cannot read \(url.path): \(error.localizedDescription)")
        }
        func invalid(_ reason: String) -> CommandFailure {
            CommandFailure("\(url.path) is not a float32 .npy file the benchmark can read: \(reason).")
        }
        guard bytes.count >= 10, Array(bytes[0 ..< 6]) == magic else { throw invalid("it does not start with the NumPy magic") }
        // Version 1 stores the header length in 2 bytes, versions 2 and 3 in 4.
        let lengthBytes = bytes[6] == 1 ? 2 : 4
        guard bytes.count >= 8 + lengthBytes else { throw invalid("it ends inside its header") }
        let headerLength = (0 ..< lengthBytes).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
        let dataStart = 8 + lengthBytes + headerLength
        guard bytes.count >= dataStart else { throw invalid("it ends inside its header") }
        let header = String(decoding: bytes[(8 + lengthBytes) ..< dataStart], as: UTF8.self)
        guard header.contains("'descr': '<f4'") else { throw invalid("its elements are not little-endian float32") }
        guard header.contains("'fortran_order': False") else { throw invalid("it is stored in Fortran order") }
        guard let shapeStart = header.range(of: "'shape': ("),
              let shapeEnd = header[shapeStart.upperBound...].firstIndex(of: ")") else {
            throw invalid("its header has no shape")
        }
        let parts = header[shapeStart.upperBound ..< shapeEnd].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let shape = try parts.map { part -> Int in
            guard let size = Int(part), size >= 0 else { throw invalid("its shape has the dimension '\(part)'") }
            return size
        }
        let count = Tensor.elementCount(of: shape)
        guard bytes.count - dataStart == count * 4 else {
            throw invalid("its shape \(shape) needs \(count * 4) bytes of data, it has \(bytes.count - dataStart)")
        }
        let values = bytes[dataStart...].withUnsafeBytes { raw in
            (0 ..< count).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
        return Tensor(shape: shape, floats: values)
    }
}
