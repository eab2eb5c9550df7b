// ThreadCountBits: the check that a model's output has the same bits however many threads
// run it — the engine shares work out so that every value is computed the same way in any
// share (the work-sharing and fused-block tests use it).

import XCTest
@testable import SightlineEngine

extension XCTestCase {
    /// Runs `model` on `input` (fed as "x", read from "y") with 1, 2 and 3 threads and asserts
    /// that the outputs are identical and not trivially so.
    func assertSameBitsWithAnyThreadCount(_ model: Model, input: Tensor, _ label: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        var outputs: [[Float]] = []
        for threads in [1, 2, 3] {
            let session = try InferenceSession(model: model, options: SessionOptions(threads: threads))
            outputs.append(try XCTUnwrap(session.run(["x": input])["y"], file: file, line: line).floats)
        }
        XCTAssertGreaterThan(Set(outputs[0]).count, 100, "\(label): the output varies", file: file, line: line)
        XCTAssertEqual(outputs[1], outputs[0], "\(label): 2 threads against 1", file: file, line: line)
        XCTAssertEqual(outputs[2], outputs[0], "\(label): 3 threads against 1", file: file, line: line)
    }
}
