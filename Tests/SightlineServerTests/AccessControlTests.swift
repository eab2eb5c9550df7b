// AccessControlTests: serving beyond loopback — every request but /healthz and /readyz needs an active token
// (Bearer header, or the cookie the printed ?token= URL sets), revoked tokens stop working at
// once, only hashes are stored, the token link redirects only to a path on this server; and the
// self-signed certificate is made once, kept, and loads into a TLS configuration.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOSSL
@testable import SightlineServer
import SightlineStore
import SwiftASN1
import X509
import XCTest

final class AccessControlTests: XCTestCase {
    func testTokenIsRequiredChecksHashesAndCanBeRevoked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let (token, secret) = try await AccessTokenSecret.create(name: "phone", in: store)
        XCTAssertEqual(try store.accessTokens.list().map(\.tokenHash), [AccessTokenSecret.hash(secret)])
        XCTAssertFalse(try Data(contentsOf: store.fileURL).range(of: Data(secret.utf8)) != nil, "the secret itself is never stored")

        let server = WebServer(configuration: ServerConfiguration(port: 0, requiresToken: true), store: store)
        try await server.application().test(.live) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            XCTAssertEqual(health.status, .ok, "health checks need no token")
            let readiness = try await client.execute(uri: "/readyz", method: .get)
            XCTAssertEqual(readiness.status, .ok, "nor do readiness checks")
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            XCTAssertEqual(metrics.status, .unauthorized, "the metrics need the token")

            let refused = try await client.execute(uri: "/api/v1/recognizer/history", method: .get)
            XCTAssertEqual(refused.status, .unauthorized)
            XCTAssertEqual(try ServerTestSupport.errorCode(refused), "token_required")
            let page = try await client.execute(uri: "/", method: .get)
            XCTAssertEqual(page.status, .unauthorized, "pages need the token too")

            var wrong = HTTPFields()
            wrong[.authorization] = "Bearer \(secret.dropLast())x"
            let wrongAnswer = try await client.execute(uri: "/api/v1/recognizer/history", method: .get, headers: wrong)
            XCTAssertEqual(wrongAnswer.status, .unauthorized)

            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(secret)"
            let bearerAnswer = try await client.execute(uri: "/api/v1/recognizer/history", method: .get, headers: bearer)
            XCTAssertEqual(bearerAnswer.status, .ok)

            let link = try await client.execute(uri: "/waste?token=\(secret)", method: .get)
            XCTAssertEqual(link.status, .seeOther)
            XCTAssertEqual(link.headers[.location], "/waste", "the secret is dropped from the address")
            let cookie = try XCTUnwrap(link.headers[.setCookie])
            XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("Secure") && cookie.contains("SameSite=Strict"), cookie)
            var withCookie = HTTPFields()
            withCookie[.cookie] = String(cookie.split(separator: ";")[0])
            let cookieAnswer = try await client.execute(uri: "/waste", method: .get, headers: withCookie)
            XCTAssertEqual(cookieAnswer.status, .ok)

            XCTAssertTrue(try store.accessTokens.revoke(id: try XCTUnwrap(token.id)))
            let revokedAnswer = try await client.execute(uri: "/api/v1/recognizer/history", method: .get, headers: bearer)
            XCTAssertEqual(revokedAnswer.status, .unauthorized, "a revoked token stops working at once")
        }
    }

    func testTheTokenLinkRedirectsOnlyWithinTheServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let (_, secret) = try await AccessTokenSecret.create(name: "phone", in: store)
        let server = WebServer(configuration: ServerConfiguration(port: 0, requiresToken: true), store: store)
        try await server.application().test(.live) { client in
            let port = try XCTUnwrap(client.port)
            for (target, location) in [("//evil.example/?token=\(secret)", nil), ("//evil.example?token=\(secret)", nil),
                                       ("///evil.example/x?token=\(secret)", nil), ("/kitchen/recipes?token=\(secret)", "/kitchen/recipes")] {
                let answer = try await RawHTTPClient.send(
                    "GET \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n", port: port)
                XCTAssertEqual(answer.status, location == nil ? 400 : 303, "\(target): \(answer.head)")
                XCTAssertEqual(answer.header("Location"), location, target)
            }
        }
        for (path, location) in [("//evil.example/", "/"), ("/\\evil.example", "/"), ("///x", "/"), ("/kitchen", "/kitchen"), ("/", "/")] {
            XCTAssertEqual(AccessTokenMiddleware<BasicRequestContext>.localRedirect(to: path), location, path)
        }
    }

    func testTheCertificateIsMadeOnceAndLoadsForTLS() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try SelfSignedCertificate.loadOrCreate(in: folder, names: ["localhost", "192.168.1.20"])
        let again = try SelfSignedCertificate.loadOrCreate(in: folder, names: ["other"])
        XCTAssertEqual(made.fingerprint, again.fingerprint, "the kept certificate is reused, so phones keep trusting it")
        XCTAssertEqual(made.fingerprint.split(separator: ":").count, 32)
        let certificate = try Certificate(derEncoded: made.certificateDER)
        let names = try XCTUnwrap(try certificate.extensions.subjectAlternativeNames)
        XCTAssertTrue(names.contains(.dnsName("localhost")), "\(names)")
        XCTAssertEqual(names.count, 2)
        XCTAssertNoThrow(try NIOSSLCertificate(bytes: made.certificateDER, format: .der))
        let permissions = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("private-key.der").path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600, "the private key is readable by its owner only")
        XCTAssertNoThrow(try NIOSSLPrivateKey(bytes: made.privateKeyDER, format: .der))
    }
}
