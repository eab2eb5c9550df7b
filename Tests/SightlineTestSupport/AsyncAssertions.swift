// AsyncAssertions: XCTAssertThrowsError and XCTAssertNoThrow for async expressions (XCTest's own
// take synchronous autoclosures only), used by the tests of the async store and the apps over it.
import XCTest

/// Fails unless `expression` throws; `handler` sees the error.
public func assertThrowsAsync<T>(_ expression: @autoclosure () async throws -> T, _ message: String = "",
                                 file: StaticString = #filePath, line: UInt = #line,
                                 _ handler: (any Error) -> Void = { _ in }) async {
    do {
        _ = try await expression()
        XCTFail("no error was thrown" + (message.isEmpty ? "" : " - \(message)"), file: file, line: line)
    } catch {
        handler(error)
    }
}

/// Fails when `expression` throws.
public func assertNoThrowAsync<T>(_ expression: @autoclosure () async throws -> T, _ message: String = "",
                                  file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await expression()
    } catch {
        XCTFail("threw \(error)" + (message.isEmpty ? "" : " - \(message)"), file: file, line: line)
    }
}
