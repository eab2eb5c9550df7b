// MultiplyAddCountTests: the multiply-adds counted from the installed EfficientNet-Lite0 graph
// match the figure ONNX's own shape inference gives (385,187,552 per 224×224 image), kind by kind.
@testable import SightlineLab
import XCTest

final class MultiplyAddCountTests: XCTestCase {
    func testLite0CountMatchesTheGraphsShapes() throws {
        let count = try MultiplyAddCount.of(BenchTestSupport.installedModel("lite0"))
        XCTAssertEqual(count.byKind[.pointwiseConvolution], 338_537_472)
        XCTAssertEqual(count.byKind[.depthwiseConvolution], 34_532_064)
        XCTAssertEqual(count.byKind[.otherConvolution], 10_838_016)
        XCTAssertEqual(count.byKind[.matrixProduct], 1_280_000)
        XCTAssertEqual(count.total, 385_187_552)
        XCTAssertEqual(count.flops, 770_375_104)
    }
}
