// PeakMemory: the test process's peak resident memory, for tests that show an operation does
// not allocate in proportion to its input (compared before and after, never against a time).
import Foundation

/// The process's peak resident memory so far, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}
