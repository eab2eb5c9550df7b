// NumpyArray: reads NumPy `.npy` files (format versions 1.0 and 2.0, C order, little-endian
// float32, int32 and int64) into engine Tensors, so tests can consume reference data written
// by Python. int32 data is widened to int64, as the engine's loader does for ONNX tensors.

import Foundation
import SightlineEngine

/// One array read from a `.npy` file.
struct NumpyArray {
    /// The element types the reader understands, by their NumPy type string.
    enum DataType: String {
        case float32 = "<f4"
        case int32 = "<i4"
        case int64 = "<i8"

        var byteCount: Int {
            switch self {
            case .float32, .int32: return 4
            case .int64: return 8
            }
        }
    }

    /// The element type stored in the file (before int32 is widened).
    let dataType: DataType
    /// The array as an engine tensor: float32 stays float32, int32 and int64 become int64.
    let tensor: Tensor

    private static let magic: [UInt8] = [0x93] + Array("NUMPY".utf8)

    init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NumpyFileError(file: url.path, reason: "cannot read the file (\(error.localizedDescription))")
        }
        try self.init(bytes: [UInt8](data), file: url.path)
    }

    /// Parses the bytes of a `.npy` file; `file` only names the source in error messages.
    init(bytes: [UInt8], file: String) throws {
        func fail(_ reason: String) -> NumpyFileError { NumpyFileError(file: file, reason: reason) }

        guard bytes.count >= 10, Array(bytes[0..<6]) == Self.magic else {
            throw fail("not a .npy file (the magic string \\x93NUMPY is missing)")
        }
        let majorVersion = bytes[6]
        let headerStart: Int
        let headerLength: Int
        switch majorVersion {
        case 1:
            headerStart = 10
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
        case 2:
            guard bytes.count >= 12 else { throw fail("the file ends inside its header") }
            headerStart = 12
            headerLength = (0..<4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
        default:
            throw fail("format version \(majorVersion).\(bytes[7]) is not supported (1.0 and 2.0 are)")
        }
        let dataStart = headerStart + headerLength
        guard dataStart <= bytes.count,
              let header = String(bytes: bytes[headerStart..<dataStart], encoding: .ascii) else {
            throw fail("the header is truncated or not ASCII")
        }

        let descriptor = try Self.quotedValue(of: "descr", in: header, file: file)
        guard let dataType = DataType(rawValue: descriptor) else {
            throw fail("dtype '\(descriptor)' is not supported (<f4, <i4 and <i8 are)")
        }
        guard try Self.rawValue(of: "fortran_order", in: header, file: file) == "False" else {
            throw fail("the array is stored in Fortran order; save it in C order")
        }
        let shape = try Self.shape(in: header, file: file)
        let count = shape.reduce(1, *)
        let expectedByteCount = count * dataType.byteCount
        guard bytes.count - dataStart == expectedByteCount else {
            throw fail("shape \(shape) of \(descriptor) needs \(expectedByteCount) data bytes, "
                       + "the file holds \(bytes.count - dataStart)")
        }

        self.dataType = dataType
        let payload = bytes[dataStart...]
        switch dataType {
        case .float32:
            let values = Self.littleEndianWords(payload, count: count, as: UInt32.self).map(Float.init(bitPattern:))
            tensor = Tensor(shape: shape, floats: values)
        case .int32:
            let values = Self.littleEndianWords(payload, count: count, as: UInt32.self).map { Int64(Int32(bitPattern: $0)) }
            tensor = Tensor(shape: shape, int64s: values)
        case .int64:
            let values = Self.littleEndianWords(payload, count: count, as: UInt64.self).map(Int64.init(bitPattern:))
            tensor = Tensor(shape: shape, int64s: values)
        }
    }

    private static func littleEndianWords<Word: FixedWidthInteger>(
        _ payload: ArraySlice<UInt8>, count: Int, as _: Word.Type
    ) -> [Word] {
        let width = Word.bitWidth / 8
        var words = [Word]()
        words.reserveCapacity(count)
        var offset = payload.startIndex
        for _ in 0..<count {
            var word = Word.zero
            for byte in 0..<width {
                word |= Word(payload[offset + byte]) << (8 * byte)
            }
            words.append(word)
            offset += width
        }
        return words
    }

    /// The text after `'key':` up to the next comma or closing brace, trimmed.
    private static func rawValue(of key: String, in header: String, file: String) throws -> String {
        guard let keyRange = header.range(of: "'\(key)':") else {
            throw NumpyFileError(file: file, reason: "the header has no '\(key)' entry: \(header)")
        }
        let rest = header[keyRange.upperBound...]
        let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
        return rest[..<end].trimmingCharacters(in: .whitespaces)
    }

    private static func quotedValue(of key: String, in header: String, file: String) throws -> String {
        let value = try rawValue(of: key, in: header, file: file)
        guard value.count >= 2, let quote = value.first, quote == "'" || quote == "\"", value.last == quote else {
            throw NumpyFileError(file: file, reason: "the header's '\(key)' is not a quoted string: \(header)")
        }
        return String(value.dropFirst().dropLast())
    }

    /// The dimensions of the header's `'shape': (d0, d1, ...)` tuple; `()` is a scalar.
    private static func shape(in header: String, file: String) throws -> [Int] {
        guard let keyRange = header.range(of: "'shape':"),
              let open = header[keyRange.upperBound...].firstIndex(of: "("),
              let close = header[open...].firstIndex(of: ")") else {
            throw NumpyFileError(file: file, reason: "the header has no 'shape' tuple: \(header)")
        }
        let fields = header[header.index(after: open)..<close]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return try fields.map { field in
            guard let dimension = Int(field), dimension >= 0 else {
                throw NumpyFileError(file: file, reason: "shape entry '\(field)' is not a dimension: \(header)")
            }
            return dimension
        }
    }
}

/// A `.npy` file that could not be read, with the file and what was wrong.
struct NumpyFileError: Error, CustomStringConvertible {
    let file: String
    let reason: String

    var description: String { "cannot read NumPy file \(file): \(reason)" }
}
