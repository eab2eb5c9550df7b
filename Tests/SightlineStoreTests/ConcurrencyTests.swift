// ConcurrencyTests: many threads writing through one store, and two stores (two connections,
// as two processes would have) writing to the same file at the same time, lose nothing.
import Foundation
import SightlineStore
import Synchronization
import XCTest

final class ConcurrencyTests: StoreTestCase {
    /// Runs `body(thread, iteration)` on `threads` threads at once, `iterations` times each,
    /// and fails the test with the errors thrown.
    private func runConcurrently(threads: Int, iterations: Int,
                                 _ body: @Sendable (Int, Int) throws -> Void) {
        let errors = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for iteration in 0 ..< iterations {
                do {
                    try body(thread, iteration)
                } catch {
                    errors.withLock { $0.append("thread \(thread), write \(iteration): \(error)") }
                }
            }
        }
        XCTAssertEqual(errors.withLock { $0 }, [])
    }

    func testEightThreadsWritingFiftyTimesEachLoseNothing() throws {
        let store = try openStore()
        runConcurrently(threads: 8, iterations: 50) { thread, iteration in
            let name = "t\(thread)-\(iteration)"
            let seed = UInt64(thread * 1_000 + iteration)
            // Each thread spreads its 50 writes over the histories and lists.
            switch iteration % 5 {
            case 0: try store.recognitionHistory.add(sampleCapture(label: name, seed: seed, imageSize: 500))
            case 1: try store.catScanHistory.add(sampleCatScan(seed: seed, photoSize: 500))
            case 2: try store.kitchenIngredients.add(name)
            case 3: try store.shoppingList.add([NewShoppingListItem(name: name, amount: "1")])
            default: try store.wasteTally.increment(["can", name])
            }
        }
        XCTAssertEqual(try store.recognitionHistory.count(), 80)
        XCTAssertEqual(Set(try store.recognitionHistory.list(limit: 1_000).map(\.label)).count, 80)
        XCTAssertEqual(try store.catScanHistory.count(), 80)
        XCTAssertEqual(try store.kitchenIngredients.list().count, 80)
        XCTAssertEqual(try store.shoppingList.list().count, 80)
        let tally = try store.wasteTally.counts()
        XCTAssertEqual(tally.first, WasteTallyEntry(label: "can", count: 80))
        XCTAssertEqual(tally.count, 81)
    }

    func testTwoStoresOnTheSameFileWritingAtOnceLoseNothing() throws {
        let first = try openStore()
        let second = try openStore()
        let stores = [first, second]
        runConcurrently(threads: 2, iterations: 100) { thread, iteration in
            let store = stores[thread]
            // A read-modify-write on the same row from both connections, and an insert each.
            try store.wasteTally.increment(["plastic cup"])
            try store.kitchenIngredients.add("s\(thread)-\(iteration)")
        }
        for store in stores {
            XCTAssertEqual(try store.wasteTally.counts(), [WasteTallyEntry(label: "plastic cup", count: 200)])
            XCTAssertEqual(try store.kitchenIngredients.list().count, 200)
        }
    }

    func testStoresOpenedAtTheSameTimeOnNewFoldersAllSucceed() throws {
        // Each opening checks, creates and migrates a database that another may be creating
        // at the same moment; repeated on fresh folders to give the race many chances.
        for round in 0 ..< 20 {
            let folder = directory.appendingPathComponent("round-\(round)", isDirectory: true)
            let opened = Mutex<[SQLiteStore]>([])
            runConcurrently(threads: 4, iterations: 1) { _, _ in
                let store = try SQLiteStore(directory: folder)
                opened.withLock { $0.append(store) }
            }
            let stores = opened.withLock { $0 }
            XCTAssertEqual(stores.count, 4)
            for (index, store) in stores.enumerated() {
                try store.kitchenIngredients.add("item \(index)")
            }
            XCTAssertEqual(try stores.first?.kitchenIngredients.list().count, stores.count)
        }
    }
}
