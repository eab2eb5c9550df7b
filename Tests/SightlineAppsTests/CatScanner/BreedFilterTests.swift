// BreedFilterTests: "key=value" filter expressions parse into conditions, and bad ones are
// refused with what is accepted.
import SightlineApps
import XCTest

final class BreedFilterTests: XCTestCase {
    func testExpressionsBecomeConditions() throws {
        let filter = try BreedFilter(expressions: [
            "size=small,Medium", "coat-length=long", "hypoallergenic=no", "good-with-children=1", "activity=3-5",
            "grooming=2", "shedding=4+", "vocality=2-", "registry=CFA,fife", "kind=breed", "colour=blue", "pattern=tabby",
        ])
        XCTAssertEqual(filter.sizes, [.small, .medium])
        XCTAssertEqual(filter.coatLengths, [.long])
        XCTAssertEqual(filter.hypoallergenic, false)
        XCTAssertEqual(filter.goodWithChildren, true)
        XCTAssertNil(filter.goodWithPets)
        XCTAssertEqual(filter.scaleRanges, [.activity: 3 ... 5, .grooming: 2 ... 2, .shedding: 4 ... 5, .vocality: 1 ... 2])
        XCTAssertEqual(filter.registries, ["cfa", "fife"])
        XCTAssertEqual(filter.kinds, [.breed])
        XCTAssertEqual(filter.coatColours, ["blue"])
        XCTAssertEqual(filter.coatPatterns, ["tabby"])
    }

    func testBadExpressionsAreRefused() {
        let cases: [(String, BreedFilterError)] = [
            ("large", .notKeyValue(expression: "large")),
            ("size=", .missingValue(expression: "size=")),
            ("size=huge", .invalidValue(expression: "size=huge", accepted: "small, medium, large")),
            ("activity=0-3", .invalidValue(expression: "activity=0-3", accepted: "N, N-M, N+ or N- with N and M from 1 to 5")),
            ("activity=4-2", .invalidValue(expression: "activity=4-2", accepted: "N, N-M, N+ or N- with N and M from 1 to 5")),
            ("pets=maybe", .invalidValue(expression: "pets=maybe", accepted: "true or false")),
            ("registry=ACF", .invalidValue(expression: "registry=ACF", accepted: "CFA, TICA, FIFe, GCCF, WCF")),
        ]
        for (expression, expected) in cases {
            XCTAssertThrowsError(try BreedFilter(expressions: [expression]), expression) { error in
                XCTAssertEqual(error as? BreedFilterError, expected)
            }
        }
        XCTAssertThrowsError(try BreedFilter(expressions: ["colour-scheme=red"])) { error in
            guard case .unknownKey(_, let known) = error as? BreedFilterError else { return XCTFail("\(error)") }
            XCTAssertTrue(known.contains("hypoallergenic"))
        }
    }
}
