// FavouritesTests: favourite breeds and recipes — idempotent add, unique per kind and key,
// remove, list newest first per kind, isFavourite.
import Foundation
import SightlineStore
import XCTest

final class FavouritesTests: StoreTestCase {
    func testAddIsIdempotentAndUniquePerKindAndKey() throws {
        let store = try openStore()
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        XCTAssertTrue(try store.favourites.add(kind: .breed, key: "Bengal", at: date))
        XCTAssertFalse(try store.favourites.add(kind: .breed, key: "Bengal", at: date + 100))
        // The same key of another kind is another favourite.
        XCTAssertTrue(try store.favourites.add(kind: .recipe, key: "Bengal"))

        let breeds = try store.favourites.list(kind: .breed)
        XCTAssertEqual(breeds.map(\.key), ["Bengal"])
        XCTAssertEqual(breeds.first?.createdAt, date, "a repeated add keeps the first date")
        XCTAssertEqual(try store.favourites.list(kind: .recipe).map(\.key), ["Bengal"])
    }

    func testListIsNewestFirstPerKind() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        try store.favourites.add(kind: .recipe, key: "borscht", at: base)
        try store.favourites.add(kind: .recipe, key: "pancakes", at: base + 10)
        try store.favourites.add(kind: .breed, key: "Korat", at: base + 5)
        try store.favourites.add(kind: .recipe, key: "varenyky", at: base + 10)

        XCTAssertEqual(try store.favourites.list(kind: .recipe).map(\.key), ["varenyky", "pancakes", "borscht"])
        XCTAssertEqual(try store.favourites.list(kind: .breed).map(\.kind), [.breed])
    }

    func testRemoveAndIsFavourite() throws {
        let store = try openStore()
        try store.favourites.add(kind: .breed, key: "Lykoi")
        XCTAssertTrue(try store.favourites.isFavourite(kind: .breed, key: "Lykoi"))
        XCTAssertFalse(try store.favourites.isFavourite(kind: .recipe, key: "Lykoi"))
        XCTAssertFalse(try store.favourites.remove(kind: .recipe, key: "Lykoi"))
        XCTAssertTrue(try store.favourites.remove(kind: .breed, key: "Lykoi"))
        XCTAssertFalse(try store.favourites.isFavourite(kind: .breed, key: "Lykoi"))
        XCTAssertEqual(try store.favourites.list(kind: .breed), [])
    }

    func testAnEmptyKeyIsRefused() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.favourites.add(kind: .recipe, key: ""))
    }
}
