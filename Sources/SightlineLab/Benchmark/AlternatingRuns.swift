// AlternatingRuns: timing Sightline and the reference in alternating blocks of runs instead of
// all of one then all of the other, so that a machine whose speed drifts during a benchmark
// (its clock, a neighbour on the same host) slows both sides alike rather than whichever ran
// in the slow minute. Blocks go ABBA (Sightline first in even rounds, the reference first in
// odd ones) so a steady drift favours neither, with a pause before each block so that neither
// engine's idle workers still spin on a core while the other runs.
//
// A measurement also goes on past its runs until each side has spent a minimum time in timed
// runs: this host flips between fast and slow states every 0.1–1 s (ONNX Runtime alone, Lite0
// batch 1: 0.5 s medians of 12.3 to 17.4 ms within 20 s), so 30 runs of 12 ms — ten blocks a
// side — let one side catch the slow state in four blocks and the other in none, and one
// run's Lite0 batch-1 ratio read 1.54 where the batch of 8 a minute later read 0.86. Cheap measurements thus take more blocks, spread
// over more of the host's states.
import Foundation

struct AlternatingRuns {
    /// Timed runs per block.
    static let blockRuns = 3
    /// The idle time before each block; both engines' pools stop spinning well within it.
    static let pauseMicroseconds: useconds_t = 30_000

    /// Timed runs per side, at least.
    let runs: Int
    /// Untimed runs each side makes before its first block. Every later block starts with one
    /// untimed run, so that the timed ones find the caches as back-to-back runs leave them and
    /// not as the other engine did.
    let warmup: Int
    /// Rounds go on until each side's timed runs add up to this many milliseconds…
    let minimumMilliseconds: Double
    /// …or until each side has this many timed runs.
    let maximumRuns: Int

    init(runs: Int, warmup: Int, minimumMilliseconds: Double = 0, maximumRuns: Int? = nil) {
        self.runs = runs
        self.warmup = warmup
        self.minimumMilliseconds = minimumMilliseconds
        self.maximumRuns = max(runs, maximumRuns ?? runs)
    }

    /// One side: runs `untimed` runs, then `timed` runs, and returns the timed durations.
    typealias Side = (_ timed: Int, _ untimed: Int) throws -> [Double]

    /// Both sides' timed durations (`runs` each), in the order they ran, with Sightline's side
    /// one call of `sightlineRun` per run, timed by `Stopwatch`.
    func measure(sightlineRun: () throws -> Void, reference: Side) throws -> (sightline: [Double], reference: [Double]) {
        try measure(sightline: { timed, untimed in try Stopwatch.milliseconds(runs: timed, warmup: untimed, sightlineRun) },
                    reference: reference)
    }

    /// Both sides' timed durations (as many each), in the order they ran.
    func measure(sightline: Side, reference: Side) throws -> (sightline: [Double], reference: [Double]) {
        var sightlineTimes: [Double] = [], referenceTimes: [Double] = []
        var round = 0
        func needsMore() -> Bool {
            if sightlineTimes.count < runs { return true }
            let spent = min(sightlineTimes.reduce(0, +), referenceTimes.reduce(0, +))
            return spent < minimumMilliseconds && sightlineTimes.count < maximumRuns
        }
        while needsMore() {
            let goal = sightlineTimes.count < runs ? runs : maximumRuns
            let timed = min(Self.blockRuns, goal - sightlineTimes.count)
            let untimed = round == 0 ? warmup : 1
            func block(_ side: Side) throws -> [Double] {
                usleep(Self.pauseMicroseconds)
                let times = try side(timed, untimed)
                precondition(times.count == timed, "a side returned \(times.count) times for \(timed) timed runs")
                return times
            }
            if round.isMultiple(of: 2) {
                sightlineTimes += try block(sightline)
                referenceTimes += try block(reference)
            } else {
                referenceTimes += try block(reference)
                sightlineTimes += try block(sightline)
            }
            round += 1
        }
        return (sightlineTimes, referenceTimes)
    }
}
