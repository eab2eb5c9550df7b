// NumpyFileReaderTests: tensors written by NumPy (and by Sightline's NumpyFileWriter) are read
// back with their exact shape and values; other element types are refused.
import Foundation
import SightlineCommandSupport
import SightlineEngine
@testable import SightlineLab
import SightlineTestSupport
import SightlineVision
import XCTest

final class NumpyFileReaderTests: XCTestCase {
    func testReadsWhatNumpySaved() throws {
        let folder = try ScratchFolder(testCase: self).url
        let file = folder.appendingPathComponent("tensor.npy")
        try ReferencePython.run(code: "import numpy, sys; numpy.save(sys.argv[1], numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4) / 8 - 1)",
                                arguments: [file.path])
        let tensor = try NumpyFileReader.tensor(contentsOf: file)
        XCTAssertEqual(tensor.shape, [2, 3, 4])
        XCTAssertEqual(tensor.floats, (0 ..< 24).map { Float($0) / 8 - 1 })
    }

    func testReadsWhatSightlineWrote() throws {
        let file = try ScratchFolder(testCase: self).url.appendingPathComponent("batch.npy")
        try NumpyFileWriter.write(values: [0.5, -2, 3e-8], shape: [3], to: file)
        let tensor = try NumpyFileReader.tensor(contentsOf: file)
        XCTAssertEqual(tensor.shape, [3])
        XCTAssertEqual(tensor.floats, [0.5, -2, 3e-8])
    }

    func testRefusesOtherElementTypes() throws {
        let file = try ScratchFolder(testCase: self).url.appendingPathComponent("doubles.npy")
        var header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }"
        header += String(repeating: " ", count: 64 - (10 + header.utf8.count + 1) % 64) + "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count), 0])
        data.append(contentsOf: Array(header.utf8) + [UInt8](repeating: 0, count: 8))
        try data.write(to: file)
        XCTAssertThrowsError(try NumpyFileReader.tensor(contentsOf: file)) { error in
            XCTAssert("\(error)".contains("float32"), "\(error)")
        }
    }
}
