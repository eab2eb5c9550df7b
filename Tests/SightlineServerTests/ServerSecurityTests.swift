// ServerSecurityTests: what every answer carries and refuses — the Content-Security-Policy and
// related headers, no cross-site writes into the API, static files that cannot be read from
// outside the web app's folder, and that are served by their own type only (no control
// characters such as %00 in a path), and no redirect to another host (no leading //).
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineServer
import XCTest

final class ServerSecurityTests: XCTestCase {
    func testPagesCarryTheSecurityHeaders() async throws {
        try await ServerTestSupport.withServer { client, _ in
            for uri in ["/", "/waste", "/assets/app.css", "/api/v1/recognizer/categories"] {
                let response = try await client.execute(uri: uri, method: .get)
                XCTAssertEqual(response.status, .ok, uri)
                let policy = try XCTUnwrap(response.headers[.contentSecurityPolicy], uri)
                XCTAssertTrue(policy.contains("default-src 'self'"), policy)
                XCTAssertFalse(policy.contains("http"), "no third-party origin: \(policy)")
                XCTAssertEqual(response.headers[.xContentTypeOptions], "nosniff", uri)
            }
            let page = try await client.execute(uri: "/kitchen/recipes/borscht", method: .get)
            XCTAssertTrue(String(buffer: page.body).contains("<html"), "every app page is the web app")

            var browser = HTTPFields()
            browser[.accept] = "text/html,application/xhtml+xml"
            let unknown = try await client.execute(uri: "/no-such-page", method: .get, headers: browser)
            XCTAssertEqual(unknown.status, .notFound)
            XCTAssertTrue(String(buffer: unknown.body).contains("<html"), "a browser gets the app's own page-not-found")
            let api = try await client.execute(uri: "/api/v1/no-such-route", method: .get, headers: browser)
            XCTAssertEqual(try ServerTestSupport.errorCode(api), "not_found", "the API always answers JSON")
        }
    }

    func testCrossSiteWritesAreRefused() async throws {
        try await ServerTestSupport.withServer { client, _ in
            var foreign = HTTPFields()
            foreign[.origin] = "http://evil.example"
            foreign[.contentType] = "application/json"
            let refused = try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .post, headers: foreign,
                                                   body: ByteBuffer(string: "{\"name\": \"egg\"}"))
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssertEqual(try ServerTestSupport.errorCode(refused), "cross_site")

            var form = HTTPFields()
            form[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let formPost = try await client.execute(uri: "/api/v1/waste/consent", method: .post, headers: form)
            XCTAssertEqual(formPost.status, .forbidden)

            let list = try ServerTestSupport.json(try await client.execute(uri: "/api/v1/kitchen/ingredients", method: .get))
            XCTAssertEqual(list["ingredients"] as? [String], [], "the refused write changed nothing")
            let consent = try ServerTestSupport.json(try await client.execute(uri: "/api/v1/waste/consent", method: .get))
            XCTAssertEqual(consent["granted"] as? Bool, false)
        }
    }

    func testStaticFilesCannotEscapeTheWebFolder() async throws {
        try await ServerTestSupport.withServer { client, _ in
            for uri in ["/../Package.swift", "/assets/../../../../Package.swift", "/assets/%2e%2e/%2e%2e/%2e%2e/Package.swift",
                        "/assets/..%2f..%2f..%2fPackage.swift", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd"] {
                let response = try await client.execute(uri: uri, method: .get)
                XCTAssertNotEqual(response.status, .ok, uri)
                XCTAssertFalse(String(buffer: response.body).contains("PackageDescription"), uri)
                XCTAssertFalse(String(buffer: response.body).contains("root:"), uri)
            }
        }
    }

    func testStaticFilesAreServedByTheirOwnTypeOnly() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let css = try await client.execute(uri: "/assets/app.css", method: .get)
            XCTAssertEqual(css.status, .ok)
            XCTAssertEqual(css.headers[.contentType]?.hasPrefix("text/css"), true, css.headers[.contentType] ?? "none")
            for uri in ["/assets/app.css%00.html", "/assets/app.css%00", "/assets/app.css%0a.html", "/assets/app.css%0D%0A.html",
                        "/assets/app.css%7f.html", "/assets/js/main.js%00.html", "/kitchen/%00"] {
                let response = try await client.execute(uri: uri, method: .get)
                XCTAssertEqual(response.status, .badRequest, uri)
                XCTAssertEqual(try ServerTestSupport.errorCode(response), "bad_request", uri)
                XCTAssertFalse(response.headers[.contentType]?.contains("text/html") == true, uri)
            }
        }
    }

    func testAPathWithADoubledLeadingSlashIsRefusedRatherThanRedirectedOffSite() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let folder = try await client.execute(uri: "/assets", method: .get)
            XCTAssertEqual(folder.headers[.location].map { $0.hasPrefix("/") && !$0.hasPrefix("//") } ?? true, true,
                           folder.headers[.location] ?? "")
            for uri in ["//assets", "//assets/js", "//example.org/", "///assets"] {
                let response = try await client.execute(uri: uri, method: .get)
                XCTAssertEqual(response.status, .badRequest, uri)
                XCTAssertEqual(try ServerTestSupport.errorCode(response), "bad_request", uri)
                XCTAssertNil(response.headers[.location], uri)
            }
        }
    }
}
