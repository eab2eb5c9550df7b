// AccessTokensTests: tokens stored as SHA-256 hashes — create, find the active one by hash,
// record use, list, revoke.
import Foundation
import SightlineStore
import XCTest

final class AccessTokensTests: StoreTestCase {
    let kitchenHash = distinctiveBytes(count: 32, seed: 11)
    let phoneHash = distinctiveBytes(count: 32, seed: 12)

    func testCreateFindAndRecordUse() throws {
        let store = try openStore()
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let token = try store.accessTokens.create(name: "kitchen tablet", tokenHash: kitchenHash, at: date)
        let id = try XCTUnwrap(token.id)
        XCTAssertEqual(token, AccessToken(id: id, name: "kitchen tablet", tokenHash: kitchenHash, createdAt: date))
        XCTAssertTrue(token.isActive)

        XCTAssertEqual(try store.accessTokens.activeToken(hash: kitchenHash), token)
        XCTAssertNil(try store.accessTokens.activeToken(hash: phoneHash))

        XCTAssertTrue(try store.accessTokens.recordUse(id: id, at: date + 30))
        XCTAssertEqual(try store.accessTokens.activeToken(hash: kitchenHash)?.lastUsedAt, date + 30)
        XCTAssertFalse(try store.accessTokens.recordUse(id: id + 1, at: date))
    }

    func testRevokedTokensAreListedButNotActive() throws {
        let store = try openStore()
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let kitchen = try store.accessTokens.create(name: "kitchen tablet", tokenHash: kitchenHash, at: date)
        let phone = try store.accessTokens.create(name: "phone", tokenHash: phoneHash, at: date + 1)

        XCTAssertTrue(try store.accessTokens.revoke(id: kitchen.id!, at: date + 100))
        XCTAssertFalse(try store.accessTokens.revoke(id: kitchen.id!, at: date + 200))
        XCTAssertFalse(try store.accessTokens.revoke(id: 9_999))
        XCTAssertNil(try store.accessTokens.activeToken(hash: kitchenHash))
        XCTAssertEqual(try store.accessTokens.activeToken(hash: phoneHash)?.id, phone.id)

        let list = try store.accessTokens.list()
        XCTAssertEqual(list.map(\.name), ["kitchen tablet", "phone"])
        XCTAssertEqual(list[0].revokedAt, date + 100, "the first revocation time is kept")
        XCTAssertFalse(list[0].isActive)
        XCTAssertTrue(list[1].isActive)
    }

    func testOnlyNewSHA256HashesAreAccepted() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.accessTokens.create(name: "short", tokenHash: Data(kitchenHash.prefix(16))))
        XCTAssertThrowsError(try store.accessTokens.create(name: "", tokenHash: kitchenHash))
        try store.accessTokens.create(name: "first", tokenHash: kitchenHash)
        XCTAssertThrowsError(try store.accessTokens.create(name: "again", tokenHash: kitchenHash)) { error in
            guard case .invalidValue? = error as? StoreError else { return XCTFail("unexpected error \(error)") }
        }
        XCTAssertEqual(try store.accessTokens.list().count, 1)
    }
}
