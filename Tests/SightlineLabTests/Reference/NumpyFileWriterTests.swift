// NumpyFileWriterTests: the .npy files Sightline writes for the Python references — the exact
// header bytes, and NumPy itself reading back the shape and values.
import Foundation
import SightlineTestSupport
@testable import SightlineLab
import XCTest

final class NumpyFileWriterTests: XCTestCase {
    func testHeaderIsPaddedToSixtyFourBytes() {
        let data = NumpyFileWriter.data(values: [1, 2, 3, 4, 5, 6], shape: [2, 3])
        XCTAssertEqual(Array(data.prefix(8)), [0x93] + Array("NUMPY".utf8) + [1, 0])
        let headerLength = Int(data[8]) | Int(data[9]) << 8
        XCTAssertEqual((10 + headerLength) % 64, 0)
        let header = String(decoding: data[10 ..< 10 + headerLength], as: UTF8.self)
        XCTAssertTrue(header.hasPrefix("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), header)
        XCTAssertTrue(header.hasSuffix("\n"))
        XCTAssertEqual(data.count, 10 + headerLength + 6 * 4)
    }

    func testNumpyReadsBackTheSameArray() throws {
        let scratch = try ScratchFolder(testCase: self)
        let file = scratch.url.appendingPathComponent("values.npy")
        let values: [Float] = [0.5, -1.25, 3e-8, 1000, .pi, -0.0]
        try NumpyFileWriter.write(values: values, shape: [1, 2, 3], to: file)
        // The values' bit patterns, so the comparison is exact.
        let printed = try ReferencePython.run(
            code: "import numpy, sys; a = numpy.load(sys.argv[1]); print(a.dtype, a.shape, a.view('<u4').ravel().tolist())",
            arguments: [file.path])
        XCTAssertEqual(printed.trimmingCharacters(in: .whitespacesAndNewlines),
                       "float32 (1, 2, 3) [\(values.map { String($0.bitPattern) }.joined(separator: ", "))]")
    }
}
