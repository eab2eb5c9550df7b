// PhotoSearchLoop: the loop `sightline faces` and `sightline detect` share — each photo searched
// in turn under a progress bar, timed, its outcome handed back — counting failures and the
// total time for the summary line.
import Foundation

enum PhotoSearchLoop {
    /// Runs `search` on every file in order and calls `report` with the file's index, the file,
    /// the outcome and its milliseconds (progress bar cleared, so `report` may print).
    static func run<Found>(_ files: [ImageFile], search: (URL) throws -> Found,
                           report: (Int, ImageFile, Result<Found, any Error>, Double) -> Void) -> (failures: Int, seconds: Double) {
        var progress = ProgressBar(total: files.count)
        var failures = 0
        let start = DispatchTime.now().uptimeNanoseconds
        progress.draw()
        for (index, file) in files.enumerated() {
            let fileStart = DispatchTime.now().uptimeNanoseconds
            let result = Result { try search(file.url) }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - fileStart) / 1e6
            progress.clear()
            if case .failure = result { failures += 1 }
            report(index, file, result, milliseconds)
            progress.advance(by: 1)
        }
        progress.clear()
        return (failures, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
