// Stopwatch: timing repeated runs of an action in milliseconds, after warm-up runs.
import Dispatch

enum Stopwatch {
    /// Runs `action` `warmup` times untimed, then `runs` times; returns each timed run in ms.
    static func milliseconds(runs: Int, warmup: Int, _ action: () throws -> Void) rethrows -> [Double] {
        for _ in 0 ..< warmup { try action() }
        return try (0 ..< runs).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            try action()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
    }
}
