// Tests for ExifOrientationReader: both byte orders, SHORT and LONG values, the "Exif" header,
// and hostile data (bad offsets, huge counts, truncation, random mutations) that must never crash.
@testable import SightlineImaging
import SightlineTestSupport
import XCTest

final class ExifOrientationReaderTests: XCTestCase {
    /// A TIFF structure whose first directory holds `entries` (tag, type, value) after a
    /// leading unrelated entry.
    static func tiff(bigEndian: Bool, entries: [(tag: UInt16, type: UInt16, value: UInt32)],
                     directoryOffset: UInt32 = 8) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
        var bytes: [UInt8] = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(directoryOffset)
        bytes += [UInt8](repeating: 0, count: max(0, Int(directoryOffset) - 8))
        let allEntries = [(tag: UInt16(0x010F), type: UInt16(2), value: UInt32(0))] + entries  // Make
        bytes += u16(UInt16(allEntries.count))
        for entry in allEntries {
            let value = entry.type == 3 ? u16(UInt16(entry.value)) + [0, 0] : u32(entry.value)
            bytes += u16(entry.tag) + u16(entry.type) + u32(1) + value
        }
        return bytes + u32(0)
    }

    private func orientation(_ bytes: [UInt8]) -> ImageOrientation? {
        bytes.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
    }

    func testReadsBothByteOrdersAndValueTypes() {
        for bigEndian in [false, true] {
            for value in 1 ... 8 {
                let short = Self.tiff(bigEndian: bigEndian, entries: [(0x0112, 3, UInt32(value))])
                XCTAssertEqual(orientation(short)?.rawValue, value, "bigEndian \(bigEndian)")
                let long = Self.tiff(bigEndian: bigEndian, entries: [(0x0112, 4, UInt32(value))])
                XCTAssertEqual(orientation(long)?.rawValue, value)
            }
        }
    }

    func testAcceptsTheExifHeaderAndADistantDirectory() {
        let bytes = Self.tiff(bigEndian: true, entries: [(0x0112, 3, 6)], directoryOffset: 40)
        XCTAssertEqual(orientation(Array("Exif\0\0".utf8) + bytes), .right)
        XCTAssertEqual(orientation(bytes), .right)
    }

    func testRejectsValuesOutsideTheEightOrientations() {
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [(0x0112, 3, 0)])))
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [(0x0112, 3, 9)])))
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [(0x0112, 4, 0xFFFF_FFFF)])))
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [(0x0112, 2, 6)])))  // ASCII type
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [(0x0110, 3, 6)])))  // another tag
    }

    func testHostileStructuresYieldNil() {
        XCTAssertNil(orientation([]))
        XCTAssertNil(orientation(Array("Exif\0\0".utf8)))
        XCTAssertNil(orientation(Array("II".utf8)))
        XCTAssertNil(orientation(Array("XX*\0\u{8}\0\0\0".utf8)))
        // Directory offset pointing past the end, and at the largest possible offset.
        XCTAssertNil(orientation(Self.tiff(bigEndian: false, entries: [], directoryOffset: 8).prefix(8) + [0xFF, 0xFF]))
        var farDirectory = Self.tiff(bigEndian: true, entries: [(0x0112, 3, 6)])
        farDirectory.replaceSubrange(4 ..< 8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertNil(orientation(farDirectory))
        // An entry count of 65535 with only two entries present.
        var hugeCount = Self.tiff(bigEndian: true, entries: [(0x0110, 3, 6)])
        hugeCount[8] = 0xFF
        hugeCount[9] = 0xFF
        XCTAssertNil(orientation(hugeCount))
        // The orientation entry cut off in the middle.
        let whole = Self.tiff(bigEndian: false, entries: [(0x0112, 3, 6)])
        XCTAssertNil(orientation(Array(whole.prefix(whole.count - 8))))
    }

    func testRandomMutationsNeverCrash() {
        var random = SeededRandom(seed: 0x0112)
        let valid = Self.tiff(bigEndian: true, entries: [(0x0132, 2, 20), (0x0112, 3, 6)])
        var recognised = 0
        for _ in 0 ..< 20_000 {
            var bytes = valid
            for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                bytes[Int.random(in: 0 ..< bytes.count, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0 ... bytes.count, using: &random)))
            if let found = orientation(bytes) {
                XCTAssertTrue((1 ... 8).contains(found.rawValue))
                recognised += 1
            }
        }
        XCTAssertGreaterThan(recognised, 0, "some mutations leave the orientation entry intact")
    }
}
