// SpoonacularFixtureServer: starts scripts/reference/spoonacular_fixture_server.py on a free
// loopback port for one test — a stand-in for Spoonacular serving the fixture JSON of
// scripts/reference/spoonacular-fixtures — and reads back the requests it received.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SightlineTestSupport
import XCTest

final class SpoonacularFixtureServer {
    /// One request as the server saw it.
    struct ReceivedRequest {
        /// The path and query exactly as sent.
        var rawPath: String
        /// The path without the query.
        var route: String
        /// Query values decoded once by the server.
        var query: [String: [String]]
        var apiKey: String?
    }

    let baseURL: URL
    private let process: Process

    /// Starts the server; it is stopped when `testCase` ends.
    init(for testCase: XCTestCase) throws {
        let scripts = TestRepository.url("scripts/reference")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scripts.appendingPathComponent("spoonacular_fixture_server.py").path,
                             "--fixtures", scripts.appendingPathComponent("spoonacular-fixtures").path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            firstLine += chunk
        }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))) else {
            process.terminate()
            throw XCTSkip("The loopback fixture server did not start (python3 missing?): '\(text)'")
        }
        baseURL = url
        let process = self.process
        testCase.addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The requests received so far, in order.
    func receivedRequests() async throws -> [ReceivedRequest] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__requests"))
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return entries.map { entry in
            ReceivedRequest(rawPath: entry["path"] as? String ?? "", route: entry["route"] as? String ?? "",
                            query: entry["query"] as? [String: [String]] ?? [:], apiKey: entry["api_key"] as? String)
        }
    }
}
