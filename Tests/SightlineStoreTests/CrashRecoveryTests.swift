// CrashRecoveryTests: a database left by a process that died without closing it — commits
// still only in the write-ahead log — passes the opening check and keeps every save.
import Foundation
import SightlineStore
import XCTest

final class CrashRecoveryTests: StoreTestCase {
    /// Saves captures without closing the store, then copies the database, its log and
    /// (optionally) its shared-memory index elsewhere: the files a SIGKILL leaves behind.
    private func filesLeftByACrash(keepingSharedMemory: Bool) throws -> (URL, [Int64]) {
        let store = try openStore()
        var ids: [Int64] = []
        for seed in 1...5 {
            ids.append(try store.recognitionHistory.add(sampleCapture(seed: UInt64(seed))).id!)
        }
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: logURL.path)[.size] as? Int ?? 0, 0,
                             "the saves are still in the log")
        // Copying opens and closes the database file, which drops this process's locks on it;
        // `store` is not used again.
        let crashed = directory.appendingPathComponent("crashed", isDirectory: true)
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        var suffixes = ["", "-wal"]
        if keepingSharedMemory {
            suffixes.append("-shm")
        }
        for suffix in suffixes {
            try FileManager.default.copyItem(
                at: directory.appendingPathComponent(SQLiteStore.fileName + suffix),
                to: crashed.appendingPathComponent(SQLiteStore.fileName + suffix))
        }
        return (crashed, ids)
    }

    func testSavesInTheLogSurviveAndTheFileIsNotJudgedDamaged() throws {
        let (crashed, ids) = try filesLeftByACrash(keepingSharedMemory: true)
        let reopened = try SQLiteStore(directory: crashed)
        XCTAssertEqual(try reopened.recognitionHistory.list().map(\.id).sorted(), ids)
    }

    func testSavesSurviveWhenTheSharedMemoryIndexIsGone() throws {
        let (crashed, ids) = try filesLeftByACrash(keepingSharedMemory: false)
        let reopened = try SQLiteStore(directory: crashed)
        XCTAssertEqual(try reopened.recognitionHistory.list().map(\.id).sorted(), ids)
    }
}
