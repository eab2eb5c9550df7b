// StoreContractTests: the rules every `Store` keeps, run against both implementations (SQLite
// and PostgreSQL) through the protocol — ordering, validation, merging, idempotence, ids that are
// never reused, dates read back bit for bit, and the photo index's leases.
import Foundation
import SightlineStore
import XCTest

final class StoreContractTests: StoreContractTestCase {
    private static let base = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)

    private func at(_ seconds: Double) -> Date { Self.base.addingTimeInterval(seconds) }

    func testRecognitionHistory() async throws {
        try await forEachStore { store, backend in
            let history = store.recognitionHistory
            let first = try await history.add(sampleCapture(label: "tabby, tabby cat", categoryID: "animals-cats", createdAt: at(1), seed: 1))
            let second = try await history.add(sampleCapture(label: "banana", categoryID: "food", createdAt: at(2), seed: 2))
            let third = try await history.add(sampleCapture(label: "Egyptian cat", categoryID: "animals-cats", createdAt: at(2), seed: 3))
            let ids = [first, second, third].compactMap(\.id)
            XCTAssertEqual(ids.count, 3, backend)
            XCTAssertEqual(Set(ids).count, 3, backend)
            // Newest first; the same instant by id, newest first.
            let listed = try await history.list(limit: 50, offset: 0, categoryID: nil)
            XCTAssertEqual(listed.map(\.id), [third.id, second.id, first.id].compactMap { $0 }, backend)
            XCTAssertEqual(listed.last?.createdAt, at(1), "\(backend): dates read back bit for bit")
            XCTAssertEqual(listed.last?.confidence, 0.873, backend)
            XCTAssertNil(listed.last?.faceCount, backend)
            let cats = try await history.list(limit: 50, offset: 0, categoryID: "animals-cats")
            XCTAssertEqual(cats.map(\.label), ["Egyptian cat", "tabby, tabby cat"], backend)
            let page = try await history.list(limit: 1, offset: 1, categoryID: nil)
            XCTAssertEqual(page.map(\.id), [second.id].compactMap { $0 }, backend)
            let latest = try await history.latest()
            XCTAssertEqual(latest?.id, third.id, backend)
            let image = try await history.image(id: ids[1])
            XCTAssertEqual(image, second.image, backend)
            let thumbnail = try await history.thumbnail(id: ids[1])
            XCTAssertEqual(thumbnail, second.thumbnail, backend)
            let counts = try await history.countsByCategory()
            XCTAssertEqual(counts, ["animals-cats": 2, "food": 1], backend)
            let deleted = try await history.delete(id: ids[2])
            XCTAssertTrue(deleted, backend)
            let deletedAgain = try await history.delete(id: ids[2])
            XCTAssertFalse(deletedAgain, backend)
            let missing = try await history.entry(id: ids[2])
            XCTAssertNil(missing, backend)
            let missingImage = try await history.image(id: ids[2])
            XCTAssertNil(missingImage, backend)
            // A deleted entry's id is never given to a new one.
            let fourth = try await history.add(sampleCapture(createdAt: at(3), seed: 4))
            XCTAssertGreaterThan(fourth.id ?? 0, ids[2], backend)
            let cleared = try await history.deleteAll()
            XCTAssertEqual(cleared, 3, backend)
            let count = try await history.count()
            XCTAssertEqual(count, 0, backend)
            await assertInvalidValue(backend) { _ = try await history.add(sampleCapture(label: "")) }
            await assertInvalidValue(backend) { _ = try await history.list(limit: -1, offset: 0, categoryID: nil) }
        }
    }

    func testCatScanHistory() async throws {
        try await forEachStore { store, backend in
            let history = store.catScanHistory
            let older = try await history.add(sampleCatScan(createdAt: at(1), seed: 1))
            var other = sampleCatScan(createdAt: at(2), seed: 2)
            other.isCat = false
            other.breeds = []
            let newer = try await history.add(other)
            let listed = try await history.list(limit: 10, offset: 0)
            XCTAssertEqual(listed.map(\.id), [newer.id, older.id].compactMap { $0 }, backend)
            XCTAssertEqual(listed.last?.breeds, sampleCatScan().breeds, "\(backend): breeds in order, confidences exact")
            XCTAssertEqual(listed.first?.breeds, [], backend)
            XCTAssertEqual(listed.first?.isCat, false, backend)
            let photo = try await history.photo(id: older.id!)
            XCTAssertEqual(photo, older.photo, backend)
            let entry = try await history.entry(id: older.id!)
            XCTAssertEqual(entry?.message, "This cat shares the features of:", backend)
            let count = try await history.count()
            XCTAssertEqual(count, 2, backend)
            let deleted = try await history.delete(id: older.id!)
            XCTAssertTrue(deleted, backend)
            let all = try await history.deleteAll()
            XCTAssertEqual(all, 1, backend)
            var invalid = sampleCatScan()
            invalid.catConfidence = 1.5
            await assertInvalidValue(backend) { _ = try await history.add(invalid) }
        }
    }

    func testFavourites() async throws {
        try await forEachStore { store, backend in
            let favourites = store.favourites
            let added = try await favourites.add(kind: .breed, key: "Bengal", at: at(1))
            XCTAssertTrue(added, backend)
            let again = try await favourites.add(kind: .breed, key: "Bengal", at: at(5))
            XCTAssertFalse(again, "\(backend): adding twice changes nothing")
            _ = try await favourites.add(kind: .breed, key: "Sphynx", at: at(2))
            _ = try await favourites.add(kind: .recipe, key: "Bengal", at: at(3))
            let breeds = try await favourites.list(kind: .breed)
            XCTAssertEqual(breeds.map(\.key), ["Sphynx", "Bengal"], backend)
            XCTAssertEqual(breeds.last?.createdAt, at(1), backend)
            let isFavourite = try await favourites.isFavourite(kind: .recipe, key: "Bengal")
            XCTAssertTrue(isFavourite, backend)
            let removed = try await favourites.remove(kind: .breed, key: "Bengal")
            XCTAssertTrue(removed, backend)
            let still = try await favourites.isFavourite(kind: .breed, key: "Bengal")
            XCTAssertFalse(still, backend)
            await assertInvalidValue(backend) { _ = try await favourites.add(kind: .breed, key: "", at: Date()) }
        }
    }

    func testKitchenIngredients() async throws {
        try await forEachStore { store, backend in
            let ingredients = store.kitchenIngredients
            let egg = try await ingredients.add("egg", at: at(1))
            let tomato = try await ingredients.add("tomato", at: at(2))
            let eggAgain = try await ingredients.add("egg", at: at(3))
            XCTAssertEqual([egg, tomato, eggAgain], [true, true, false], backend)
            let names = try await ingredients.list().map(\.name)
            XCTAssertEqual(names, ["tomato", "egg"], backend)
            let removed = try await ingredients.remove("egg")
            XCTAssertTrue(removed, backend)
            let cleared = try await ingredients.clear()
            XCTAssertEqual(cleared, 1, backend)
            await assertInvalidValue(backend) { _ = try await ingredients.add("", at: Date()) }
        }
    }

    func testShoppingListMergesByName() async throws {
        try await forEachStore { store, backend in
            let list = store.shoppingList
            let added = try await list.add([NewShoppingListItem(name: "flour", amount: "200 g", recipeID: "bread", recipeTitle: "Bread"),
                                            NewShoppingListItem(name: "salt")], at: at(1))
            XCTAssertEqual(added, 2, backend)
            let items = try await list.list()
            let flour = try XCTUnwrap(items.first, backend)
            let checked = try await list.toggleChecked(id: flour.id!)
            XCTAssertEqual(checked, true, backend)
            let merged = try await list.add([NewShoppingListItem(name: "flour", amount: "1 cup", recipeID: "cake", recipeTitle: "Cake")],
                                            at: at(2))
            XCTAssertEqual(merged, 0, "\(backend): an item with the same name merges")
            let after = try await list.list()
            XCTAssertEqual(after.map(\.name), ["flour", "salt"], backend)
            XCTAssertEqual(after.first?.amount, "200 g + 1 cup", backend)
            XCTAssertEqual(after.first?.recipeID, "bread", "\(backend): the first recipe stays")
            XCTAssertEqual(after.first?.isChecked, false, "\(backend): a merged item is needed again")
            _ = try await list.toggleChecked(id: flour.id!)
            let clearedChecked = try await list.clearChecked()
            XCTAssertEqual(clearedChecked, 1, backend)
            let missing = try await list.toggleChecked(id: flour.id!)
            XCTAssertNil(missing, backend)
            let cleared = try await list.clearAll()
            XCTAssertEqual(cleared, 1, backend)
            await assertInvalidValue(backend) { _ = try await list.add([NewShoppingListItem(name: " ")], at: Date()) }
        }
    }

    func testConsentAndSettings() async throws {
        try await forEachStore { store, backend in
            let consent = store.consent
            try await consent.accept(app: "waste", document: "terms", version: "1", at: at(1))
            try await consent.accept(app: "waste", document: "Privacy", version: "1", at: at(1))
            try await consent.accept(app: "waste", document: "privacy", version: "2", at: at(2))
            try await consent.accept(app: "waste", document: "privacy", version: "3", at: at(3))
            let records = try await consent.acceptances(app: "waste")
            XCTAssertEqual(records.map(\.document), ["Privacy", "privacy", "terms"], "\(backend): byte order, as SQLite sorts")
            XCTAssertEqual(records[1].version, "3", backend)
            XCTAssertEqual(records[1].acceptedAt, at(3), backend)
            let accepted = try await consent.hasAccepted(app: "waste", required: ["privacy": "3", "terms": "1"])
            XCTAssertTrue(accepted, backend)
            let outdated = try await consent.hasAccepted(app: "waste", required: ["privacy": "4"])
            XCTAssertFalse(outdated, backend)
            let withdrawnOne = try await consent.withdraw(app: "waste", document: "terms")
            XCTAssertEqual(withdrawnOne, 1, backend)
            let withdrawnAll = try await consent.withdraw(app: "waste", document: nil)
            XCTAssertEqual(withdrawnAll, 2, backend)

            let settings = store.settings
            try await settings.setValue("de", for: "language")
            try await settings.setValue("uk", for: "language")
            try await settings.setValue("berlin", for: "waste.municipality")
            let language = try await settings.value(for: "language")
            XCTAssertEqual(language, "uk", backend)
            let all = try await settings.all()
            XCTAssertEqual(all, ["language": "uk", "waste.municipality": "berlin"], backend)
            let removed = try await settings.removeValue(for: "language")
            XCTAssertTrue(removed, backend)
            let gone = try await settings.value(for: "language")
            XCTAssertNil(gone, backend)
            await assertInvalidValue(backend) { try await settings.setValue("x", for: "") }
        }
    }

    func testWasteTallyAndAccessTokens() async throws {
        try await forEachStore { store, backend in
            let tally = store.wasteTally
            try await tally.increment(["glass", "battery", "glass"])
            try await tally.increment(["battery", "Apple"])
            let counts = try await tally.counts()
            XCTAssertEqual(counts.map(\.label), ["battery", "glass", "Apple"], backend)
            XCTAssertEqual(counts.map(\.count), [2, 2, 1], backend)
            let reset = try await tally.reset()
            XCTAssertEqual(reset, 3, backend)

            let tokens = store.accessTokens
            let hash = Data(repeating: 7, count: 32)
            let token = try await tokens.create(name: "phone", tokenHash: hash, at: at(1))
            await assertInvalidValue(backend) { _ = try await tokens.create(name: "again", tokenHash: hash, at: Date()) }
            await assertInvalidValue(backend) { _ = try await tokens.create(name: "short", tokenHash: Data(count: 31), at: Date()) }
            let active = try await tokens.activeToken(hash: hash)
            XCTAssertEqual(active, token, backend)
            let used = try await tokens.recordUse(id: token.id!, at: at(2))
            XCTAssertTrue(used, backend)
            let revoked = try await tokens.revoke(id: token.id!, at: at(3))
            XCTAssertTrue(revoked, backend)
            let revokedAgain = try await tokens.revoke(id: token.id!, at: at(4))
            XCTAssertFalse(revokedAgain, backend)
            let inactive = try await tokens.activeToken(hash: hash)
            XCTAssertNil(inactive, backend)
            let listed = try await tokens.list()
            XCTAssertEqual(listed.first?.lastUsedAt, at(2), backend)
            XCTAssertEqual(listed.first?.revokedAt, at(3), backend)
        }
    }

    func testPhotoIndexTriesAPhotoAtMostMaxAttemptsTimes() async throws {
        try await forEachStore { store, backend in
            let index = store.photoIndex
            let files = ["/photos/gone.jpg", "/photos/crashes.jpg"].map {
                IndexedFile(path: $0, size: 1, modifiedAt: at(0), contentHash: Data(repeating: 1, count: 32))
            }
            try await index.add(files, now: at(0))
            // A failed attempt gives the photo back with why; the next claim is its second attempt.
            let first = try await index.claim(count: 1, worker: "w", lease: 10, maxAttempts: 2, now: at(1))
            let retried = try await index.retry(first[0], worker: "w", message: "The file is gone.", now: at(2))
            XCTAssertTrue(retried, backend)
            let stolen = try await index.retry(first[0], worker: "other", message: "x", now: at(2))
            XCTAssertFalse(stolen, "\(backend): only the lease's holder gives it back")
            let gone = try await index.photo(id: first[0].id)
            XCTAssertEqual(gone?.state, .pending, backend)
            XCTAssertEqual(gone?.failure, "The file is gone.", backend)
            let second = try await index.claim(count: 2, worker: "w", lease: 10, maxAttempts: 2, now: at(3))
            XCTAssertEqual(second.map(\.attempts), [2, 1], backend)
            try await index.fail(second[0], worker: "w", message: "The file is gone.", now: at(4))

            // The other photo's worker is killed twice while analysing it: after its second
            // lease runs out it is failed, not leased a third time.
            let third = try await index.claim(count: 2, worker: "v", lease: 10, maxAttempts: 2, now: at(20))
            XCTAssertEqual(third.map(\.path), ["/photos/crashes.jpg"], backend)
            XCTAssertEqual(third.first?.attempts, 2, backend)
            let none = try await index.claim(count: 2, worker: "u", lease: 10, maxAttempts: 2, now: at(40))
            XCTAssertEqual(none, [], backend)
            let crashed = try await index.photo(id: third[0].id)
            XCTAssertEqual(crashed?.state, .failed, backend)
            XCTAssertEqual(crashed?.failure?.contains("stopped while analysing it 2 times"), true, "\(backend): \(crashed?.failure ?? "")")
            let status = try await index.status(now: at(40), rateWindow: 60, failures: 5)
            XCTAssertEqual([status.failed, status.leased, status.expired, status.pending], [2, 0, 0, 0], backend)

            // Sent back after the cause was fixed, each gets its attempts afresh.
            let sentBack = try await index.retryFailed()
            XCTAssertEqual(sentBack, 2, backend)
            let fresh = try await index.claim(count: 2, worker: "u", lease: 10, maxAttempts: 2, now: at(50))
            XCTAssertEqual(fresh.map(\.attempts), [1, 1], backend)
        }
    }

    func testPhotoIndexLeasesAndFindings() async throws {
        try await forEachStore { store, backend in
            let index = store.photoIndex
            let files = (0..<5).map { IndexedFile(path: "/photos/\($0).jpg", size: 100 + $0, modifiedAt: at(Double($0)),
                                                   contentHash: Data(repeating: UInt8($0), count: 32)) }
            let addition = try await index.add(files, now: at(10))
            XCTAssertEqual(addition, PhotoIndexAddition(added: 5, changed: 0, unchanged: 0), backend)
            let a = try await index.claim(count: 2, worker: "a", lease: 60, now: at(20))
            let b = try await index.claim(count: 2, worker: "b", lease: 60, now: at(20))
            XCTAssertEqual(a.map(\.path), ["/photos/0.jpg", "/photos/1.jpg"], backend)
            XCTAssertEqual(b.map(\.path), ["/photos/2.jpg", "/photos/3.jpg"], backend)
            XCTAssertEqual(a.first?.attempts, 1, backend)
            // b records a's photo: refused; a records it.
            let findings = PhotoFindings(labels: [.init(label: "tabby, tabby cat", category: "animals-cats", confidence: 0.8),
                                                  .init(label: "Egyptian cat", category: "animals-cats", confidence: 0.1)],
                                         faceCount: 0, featurePrint: (model: "lite0", vector: [0.5, -1, 2]))
            let stolen = try await index.record([(a[0], findings)], worker: "b", now: at(21))
            XCTAssertEqual(stolen, [false], backend)
            let recorded = try await index.record([(a[0], findings), (a[1], PhotoFindings(faceCount: 2))], worker: "a", now: at(21))
            XCTAssertEqual(recorded, [true, true], backend)
            // a's lease on b's photos: b is killed, its leases run out, c takes them; b's late
            // record is refused, so each photo is recorded once.
            let c = try await index.claim(count: 5, worker: "c", lease: 60, now: at(100))
            XCTAssertEqual(c.map(\.path), ["/photos/2.jpg", "/photos/3.jpg", "/photos/4.jpg"], backend)
            XCTAssertEqual(c.first?.attempts, 2, backend)
            let late = try await index.record([(b[0], PhotoFindings(faceCount: 1))], worker: "b", now: at(101))
            XCTAssertEqual(late, [false], backend)
            let failed = try await index.fail(c[0], worker: "c", message: "unreadable", now: at(102))
            XCTAssertTrue(failed, backend)
            _ = try await index.record([(c[1], PhotoFindings(labels: [.init(label: "banana", category: "food", confidence: 0.9),
                                                                      .init(label: "odd thing", category: nil, confidence: 0.05)]))],
                                       worker: "c", now: at(103))
            let status = try await index.status(now: at(110), rateWindow: 60, failures: 5)
            XCTAssertEqual([status.total, status.done, status.failed, status.leased, status.pending, status.expired], [5, 3, 1, 1, 0, 0],
                           backend)
            XCTAssertEqual(status.workers.map(\.name), ["c"], backend)
            XCTAssertEqual(status.recentFailures.map(\.message), ["unreadable"], backend)
            XCTAssertEqual(status.photosPerSecond, 1 / 60, accuracy: 1e-12, "\(backend): one photo in the last minute")
            let released = try await index.release(worker: "c")
            XCTAssertEqual(released, 1, backend)

            let cats = try await index.search("CAT", limit: 10)
            XCTAssertEqual(cats.map(\.path), ["/photos/0.jpg"], "\(backend): each photo once, case-insensitive")
            XCTAssertEqual(cats.first?.label, "tabby, tabby cat", "\(backend): its best-ranked matching label")
            let food = try await index.search("food", limit: 10)
            XCTAssertEqual(food.map(\.path), ["/photos/3.jpg"], backend)
            let byCategory = try await index.search("animals cats", limit: 10)
            XCTAssertEqual(byCategory.count, 1, "\(backend): spaces read as the ids' hyphens")
            let wildcard = try await index.search("%", limit: 10)
            XCTAssertEqual(wildcard.count, 0, "\(backend): % is a character, not a wildcard")
            // A word of another language, with the labels and categories it names.
            let german = try await index.search("Katze", orLabels: ["tabby, tabby cat", "Persian cat"], orCategories: [], limit: 10)
            XCTAssertEqual(german.map(\.path), ["/photos/0.jpg"], "\(backend): the exact labels given")
            let byCategoryList = try await index.search("Essen", orLabels: [], orCategories: ["food"], limit: 10)
            XCTAssertEqual(byCategoryList.map(\.path), ["/photos/3.jpg"], "\(backend): the exact categories given")
            let both = try await index.search("Katze", orLabels: ["tabby, tabby cat"], orCategories: ["food"], limit: 10)
            XCTAssertEqual(Set(both.map(\.path)), ["/photos/0.jpg", "/photos/3.jpg"], backend)
            let partial = try await index.search("Katze", orLabels: ["tabby"], orCategories: ["foo"], limit: 10)
            XCTAssertEqual(partial.count, 0, "\(backend): the lists match whole labels and categories only")
            let prints = try await index.featurePrints(model: "lite0")
            XCTAssertEqual(prints.map(\.path), ["/photos/0.jpg"], backend)
            XCTAssertEqual(prints.first?.vector, [0.5, -1, 2], backend)
            let faces = try await index.faceCounts()
            XCTAssertEqual(faces.photos, 2, backend)
            XCTAssertEqual(faces.withFaces, 1, backend)
            XCTAssertEqual(faces.faces, 2, backend)

            // One photo as a reader sees it, by the id a search or a print gives.
            XCTAssertEqual(cats.first?.photoID, a[0].id, backend)
            XCTAssertEqual(prints.first?.photoID, a[0].id, backend)
            let photo = try await index.photo(id: a[0].id)
            XCTAssertEqual(photo?.path, "/photos/0.jpg", backend)
            XCTAssertEqual(photo?.size, 100, backend)
            XCTAssertEqual(photo?.modifiedAt, at(0), backend)
            XCTAssertEqual(photo?.contentHash, Data(repeating: 0, count: 32), backend)
            XCTAssertEqual(photo?.state, .done, backend)
            XCTAssertEqual(photo?.labels, findings.labels, "\(backend): the labels, best first")
            XCTAssertEqual(photo?.faceCount, 0, backend)
            XCTAssertEqual(photo?.featurePrintModel, "lite0", backend)
            let failedPhoto = try await index.photo(id: c[0].id)
            XCTAssertEqual(failedPhoto?.state, .failed, backend)
            XCTAssertEqual(failedPhoto?.failure, "unreadable", backend)
            XCTAssertEqual(failedPhoto?.labels, [], backend)
            XCTAssertNil(failedPhoto?.featurePrintModel, backend)
            let banana = try await index.photo(id: c[1].id)
            XCTAssertEqual(banana?.labels.map(\.label), ["banana", "odd thing"], backend)
            XCTAssertNil(banana?.labels.last?.category, "\(backend): a label without a category")
            XCTAssertNil(banana?.faceCount, "\(backend): faces not looked for")
            let releasedPhoto = try await index.photo(id: c[2].id)
            XCTAssertEqual(releasedPhoto?.state, .pending, backend)
            XCTAssertNil(releasedPhoto?.faceCount, backend)
            let unknown = try await index.photo(id: 9_999)
            XCTAssertNil(unknown, backend)
            let print = try await index.featurePrint(photoID: a[0].id)
            XCTAssertEqual(print?.model, "lite0", backend)
            XCTAssertEqual(print?.vector, [0.5, -1, 2], backend)
            let noPrint = try await index.featurePrint(photoID: a[1].id)
            XCTAssertNil(noPrint, backend)

            let retried = try await index.retryFailed()
            XCTAssertEqual(retried, 1, backend)
            var changed = files
            changed[0].size = 999
            let again = try await index.add(changed, now: at(200))
            XCTAssertEqual(again, PhotoIndexAddition(added: 0, changed: 1, unchanged: 4), backend)
            let afterChange = try await index.search("tabby", limit: 10)
            XCTAssertEqual(afterChange.count, 0, "\(backend): a changed photo's findings are dropped until it is redone")
            await assertInvalidValue(backend) {
                _ = try await index.add([IndexedFile(path: "/x.jpg", size: 1, modifiedAt: Date(), contentHash: Data(count: 3))], now: Date())
            }
        }
    }
}
