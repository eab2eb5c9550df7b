// ErrorAssertions: asserting that an expression throws a particular ImagingError.
import SightlineImaging
import XCTest

/// Asserts that `expression` throws an `ImagingError` and returns it (nil after a failure).
@discardableResult
func assertImagingError<T>(_ expression: @autoclosure () throws -> T, file: StaticString = #filePath,
                           line: UInt = #line) -> ImagingError? {
    do {
        _ = try expression()
        XCTFail("Expected an ImagingError, but nothing was thrown", file: file, line: line)
    } catch let error as ImagingError {
        return error
    } catch {
        XCTFail("Expected an ImagingError, got \(error)", file: file, line: line)
    }
    return nil
}
