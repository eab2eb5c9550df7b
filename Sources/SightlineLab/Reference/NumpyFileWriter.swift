// NumpyFileWriter: writes float32 arrays as NumPy `.npy` files (format 1.0, little-endian,
// C order), so the exact tensors Sightline computed can be handed to the Python references (the
// lab's evaluate-imagenet --reference, and the tests).
package import Foundation

package enum NumpyFileWriter {
    /// The bytes of a `.npy` file holding `values` with `shape`.
    package static func data(values: [Float], shape: [Int]) -> Data {
        precondition(values.count == shape.reduce(1, *), "shape \(shape) needs \(shape.reduce(1, *)) values, got \(values.count)")
        let shapeText = shape.count == 1 ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
        var header = "{'descr': '<f4', 'fortran_order': False, 'shape': \(shapeText), }"
        // Magic (6) + version (2) + length (2) + header + newline is padded to a multiple of 64.
        let unpadded = 10 + header.utf8.count + 1
        header += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0])
        let headerLength = UInt16(header.utf8.count)
        data.append(contentsOf: [UInt8(headerLength & 0xFF), UInt8(headerLength >> 8)])
        data.append(contentsOf: Array(header.utf8))
        #if _endian(little)
        values.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
        for value in values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        #endif
        return data
    }

    /// Writes `values` with `shape` to `url` as a `.npy` file.
    package static func write(values: [Float], shape: [Int], to url: URL) throws {
        try data(values: values, shape: shape).write(to: url)
    }
}
