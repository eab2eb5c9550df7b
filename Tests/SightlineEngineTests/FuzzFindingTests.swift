// FuzzFindingTests: the inputs with which the FuzzONNXLoader fuzz target (Fuzz/) crashed the
// engine, kept byte for byte and replayed the way the target runs them — load, create a
// session, run once. Each now ends in an EngineError that says what is wrong, or, where the
// model is valid, in the right result.

import Foundation
import SightlineEngine
import XCTest

final class FuzzFindingTests: XCTestCase {
    /// A Reshape to [2, 2⁴⁰·…, 2, 2] (a mutated int64 shape constant): computing the target's
    /// element count overflowed and trapped.
    func testReshapeToAnOverflowingShapeIsRefused() throws {
        let reason = try replay("""
            CAgSGHNpZ2h0bGluZS1vAQAAAAAAAAJjYXNlczqbAQohCgF4CgVzaGFwZRIBeRoJcmVzaGFwZV8wIgdSZXNoYXBlEhVyZXNoYXBlX3RvXzRkX2Zy\
            b21fMmQqLQgEEAdCBXNoYXBlSiACAAAAAFNlcXVlbmNlAAAAAgAAAAAAAAACAAAAAAAAAFoTCgF4Eg4KDAgBEggKAggCCgIIDGIbCgF5EhYKFAgB\
            EhAKAggCCgIIAwoCCAIKAggCQgQKABAN
            """, expecting: { if case .shapeMismatch(node: "reshape_0", op: "Reshape", _) = $0 { true } else { false } })
        XCTAssertTrue(reason.contains("too large"), reason)
    }

    /// A Resize whose constant `sizes` asks for 65,020,719,620,161,546 columns: the index table
    /// for them was built before the output was allocated, an allocation far beyond any memory.
    func testResizeToAHugeSizeIsRefusedBeforeAllocating() throws {
        let reason = try replay("""
            CAgSGHNpZ2h0bGluZS1vcGVyYXRvci1jYXNlczqyAgqLAQoBeAoDcm9pCgZzY2FsZXMKBXNpemVzEgF5GghyZXNpemVfMCIGUmVzaXplKi8KHmNv\
            b3JkaW5hdGVfdHJhbnNmb3JtYXRpb25fbW9kZSIKYXN5bW1ldHJpY6ABAyoSCgRtb2RlIgduZWFyZXN0oAEDKhgKDG5lYXJlc3RfbW9kZSIFZmxv\
            b3KgAQMSHHJlc2l6ZV9vcHNldDExX25lYXJlc3Rfc2l6ZXMqCwgAEAFCA3JvaUoAKg4IABABQgZzY2FsZXNKACotCAQQB0IFc2l6ZXNKIAEAAAAA\
            AAAAAgAAAAAAAAAGAAAAAAAAAAoAAAAAAOcAWhsKAXgSFgoUCAESEAoCCAEKAggCCgIIBAoCCAViGwoBeRIWChQIARIQCgIIAQoCCAIKAggGCgII\
            CkIECgAQCw==
            """, expecting: { if case .shapeMismatch(node: "resize_0", op: "Resize", _) = $0 { true } else { false } })
        XCTAssertTrue(reason.contains("65020719620161546") && reason.contains("too large"), reason)
    }

    /// A Slice with the step 864,691,128,455,135,232 on an axis of 6: the offset arithmetic
    /// multiplied the step by the axis stride and overflowed. Such a step takes one element, as
    /// a step of the axis's length does; the slice now runs, and gives what NumPy gives.
    func testSliceWithAStepFarLongerThanItsAxisTakesOneElement() throws {
        let session = try session("""
            CAgSGHNpZ2h0bGluZS1vcGVyYXRvci1jYXNlczqjAgoxCgF4CgZzdGFydHMKBGVuZHMKBGF4ZXMKBXN0ZXBzEgF5GgdzbGljZV8wIgVTbGljZRIZ\
            c2xpY2VfbXVsdGlwbGVfYXhlc19zdGVwcyomCAMQB0IGc3RhcnRzShgBAAAA/////wAAAAAAAAAA/v////////8qJAgDEAdCBGVuZHNKGAQAAAAA\
            AAAACAAAAAAAAAAAAAAAAAAAACokCAMQB0IEYXhlc0oYAQAAAAAAAAACAAAAAAAAAAMAAAAAAAAAKiUIAxAHQgVzdGVwc0oYAAAAAAAAAAwDAAAA\
            AAAAAP//////////WhsKAXgSFgoUCAESEAoCCAQKAggGCgIICAoCCAViGwoBeRIWChQIARIQCgIIBAoCCAIKAggDCgIIA0IECgAQDQ==
            """)
        // x[n, c, h, w] = n·240 + c·40 + h·5 + w; starts [-4294967295, 0, -2], ends [4, 8, 0], axes [1, 2, 3],
        // steps [864691128455135232, 3, -1]: x[:, 0:4:huge, 0:8:3, 3:0:-1] in NumPy.
        let x = Tensor(shape: [4, 6, 8, 5], floats: (0..<960).map(Float.init))
        var expected: [Float] = []
        for n in 0..<4 { for h in stride(from: 0, to: 8, by: 3) { for w in stride(from: 3, to: 0, by: -1) {
            expected.append(Float(n * 240 + h * 5 + w))
        } } }
        let output = try XCTUnwrap(try session.run(["x": x])["y"])
        XCTAssertEqual(output.shape, [4, 1, 3, 3])
        XCTAssertEqual(output.floats, expected)
    }

    /// A Split whose constant `split` sizes (int64, mutated into text bytes) are each near 2⁶³:
    /// adding them up to compare with the axis overflowed and trapped (found 2026-11-22).
    func testSplitWithHugeSizesIsRefused() throws {
        let reason = try replay("""
            CAgSGHNpZ2h0bGluZS1vcGVyYXRvci1jYXNlczrZAQozCgF4CgVzcGxpdBICeTASAnkxEgJ5MhoHc3BsaXRfMCIFU3BsaXQqCwoEYXhpcxgBoAEC\
            EhRzcGxpdF9leHBsaWNpdF9zaXplcyolCAMQB0IFc3BsaXRKGAEAR2xvYmFsQXZlcmdhZVAtb2wAAAAAAFoXCgF4EhIKEAgBEgwKAggCCgIIBgoC\
            CARiGAoCeTASEgoQCAESDAoCCAIKAggBCgIIBGIYCgJ5MBISChAIARIMCgIIAgoCCAMKAggEYhgKAnkyEhIKEAgBEgwKAggCCgIIAgoCCARCBAoA\
            EA0=
            """, expecting: { if case .shapeMismatch(node: "split_0", op: "Split", _) = $0 { true } else { false } })
        XCTAssertTrue(reason.contains("do not add up to 6"), reason)
    }

    /// A Slice whose `steps` are doubles (stored as float32) holding a NaN: converting them to
    /// integers trapped (found 2026-11-22). A shape-like input must hold whole numbers an Int
    /// can hold.
    func testSliceStepsThatAreNotNumbersAreRefused() throws {
        let reason = try replay("""
            CAgSGHNpZ2h0bGluZS1vcGVyYXRvci1jYXNlczqjAgoxCgF4CgZzdGFydHMKBGVuZHMKBGF4ZXMKBXN0ZXBzEgF5GgdzbGljZV8wIgVTbGljZRIZ\
            c2xpY2VfbXVsdGlwbGVfYXhlc19zdGVwcyomCAMQB0IGc3RhcnRzShgBAAAA/////wAAAAAAAAC5/v////////8qJAgDEAdCBGVuZHNKGAQAAAAA\
            AAAACAAAAAAAAAAAAAAAAAAAACokCAMQB0IEYXhlc0oYAQAAAAAAAAACAAAAAAAAAAMAAAAAAAAAKiUIAxALQgVzdGVwc0oYAgAAAAAAAAADAAAA\
            AP//AP//////////WhsKAXgSFgoUCAESEAoCCAQKAggGCgIICAoCCAViGwoBeRIWChQIARIQCgIIBAoCCAIKAggDCgIIA0IECgAQDQ==
            """, expecting: { if case .shapeMismatch(node: "slice_0", op: "Slice", _) = $0 { true } else { false } })
        XCTAssertTrue(reason.contains("not a whole number"), reason)
    }

    /// An Identity node with no output (its output list mutated away): the load-time pass that
    /// removes Identity nodes indexed its first output and trapped (found 2026-11-22). The pass
    /// now leaves such a node to be checked with the rest; this model is then refused for its
    /// other mutated node, a "Constant" with control characters in its name.
    func testIdentityWithoutAnOutputIsRefusedNotIndexed() throws {
        let reason = try replay("""
            CA46ugIKugEKAXgyAXkiCElkZW50aXR5Kg8KBWFsdGhhFQAAAD+gAQEqDAoFY291bnQYA6ABAioSCgRtb2RlIgduZWFyZXN0oAEDKhAKBW5hbWVz\
            SgFhSgFioAERKhgKBHBhZHNAAEABQP///////////wGgAQAqFQoGc2NhbGVzPQAAgD89AAAgQKAlBioyCgd3ZWlnaHRzKiQIAhAGKgsD/P//////\
            ////AUIRYXR0cmlidXRlX3dlaWdodHOgAQQKNRIBYyIIQ29ucwcAbnQqJgoFdmFsdWUqGggCCAIQAUIAShAAAMA/AAAAwAAAAAAAAIBAoAEEEgVn\
            cmFwaFoTCgF4Eg4KDAgBEggKAggBCgIIBCEAAAAAAAAADAgBEggKAggBCgIIBGITCgFjEg4KDAgBEggKAggCCgIIAkIECgAQDQ==
            """, expecting: { if case .unsupportedOperator(_, let op, _) = $0 { op.hasPrefix("Cons") } else { false } })
        XCTAssertTrue(reason.contains("is not supported"), reason)
    }

    /// A Softmax (opset 13) whose input arrives as a scalar (its shape mutated to rank 0): the
    /// axis check let axis 0 through for rank 0 and the kernel read the missing dimension and
    /// trapped (found 2026-11-22). From opset 13 the axis must name a real dimension.
    func testSoftmaxOfAScalarIsRefused() throws {
        let reason = try replay("""
            CAgSGHNpZ2h0bGluZS1vcGVyYXRvci1jYXNlczp1CicKAXgSAXkaCXNvZnRtYXhfMCIHU29mdG1heCoLCgRheGlzSEigAQISEHNvZnRtYXhfYXgE\
            AAAANGRaGwoBeBIWChQIARIQ+QIIMQoCCAUwAtUECgIIA2IbCgF5EhYKFAgBEhAKAggCCgIIBQoCCAMIAggDQgQKABANCAgSGHNpZ2h0bGluZS1v\
            cGVyYXRvci1jYXNlczp3ChUKAWEKAWJSAXkaBWFkZF8wIgNBZGQSG2Fsbl9hZHJrX21pc21hdGNoX2xhc3RfYXhpc1oXCgFhEhIKEAgBEgwKAggC\
            KAIIAwoCCARaDwoBYhIKCggIARIEKgIIBFkXCgF5EhIKEAgBGgwKAggCCgIIAwoCCARCBAoAEA0=
            """, expecting: { if case .shapeMismatch(node: "softmax_0", op: "Softmax", _) = $0 { true } else { false } })
        XCTAssertTrue(reason.contains("out of range for rank 0"), reason)
    }

    // MARK: Helpers

    /// The session FuzzONNXLoader creates for a finding (base64).
    private func session(_ base64: String) throws -> InferenceSession {
        let bytes = try XCTUnwrap(Data(base64Encoded: base64), "the finding is not valid base64")
        return try InferenceSession(model: Model(serializedData: bytes), options: SessionOptions(threads: 1))
    }


    /// Replays a finding (base64) as FuzzONNXLoader does and returns the message of the
    /// EngineError it must end in, checked with `isExpected`.
    private func replay(_ base64: String, expecting isExpected: (EngineError) -> Bool,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        do {
            let session = try session(base64)
            var inputs: [String: Tensor] = [:]
            for input in session.inputs {
                let shape = (input.shape ?? []).map { dimension -> Int in
                    if case .fixed(let size) = dimension { size } else { 1 }
                }
                inputs[input.name] = input.elementType == .float32
                    ? Tensor(zeros: shape)
                    : Tensor(shape: shape, int64s: [Int64](repeating: 0, count: Tensor.elementCount(of: shape)))
            }
            _ = try session.run(inputs)
        } catch let error as EngineError {
            XCTAssertTrue(isExpected(error), "unexpected error: \(error)", file: file, line: line)
            return error.description
        }
        XCTFail("the finding ran without an error", file: file, line: line)
        return ""
    }
}
