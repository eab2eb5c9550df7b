// AlternatingRuns: timing Sightline and the references in alternating blocks of runs instead of
// all of one then all of another, so that a machine whose speed drifts during a benchmark
// (its clock, a neighbour on the same host) slows every side alike rather than whichever ran
// in the slow minute. Rounds take the sides in order, then in reverse (ABBA with two sides,
// ABCCBA with three) so a steady drift favours none, with a pause before each block so that no
// engine's idle workers still spin on a core while another runs.
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
        try withoutActuallyEscaping(sightline) { sightline in
            try withoutActuallyEscaping(reference) { reference in
                let times = try measure(sides: [sightline, reference])
                return (times[0], times[1])
            }
        }
    }

    /// Every side's timed durations (as many each, in the order they ran), in the order of
    /// `sides`. Rounds take the sides in order, then in reverse (ABCCBA…), so that a steady drift
    /// gives every side the same mean position.
    func measure(sides: [Side]) throws -> [[Double]] {
        precondition(!sides.isEmpty, "a measurement needs at least one side")
        var times = [[Double]](repeating: [], count: sides.count)
        var round = 0
        func needsMore() -> Bool {
            if times[0].count < runs { return true }
            let spent = times.map { $0.reduce(0, +) }.min()!
            return spent < minimumMilliseconds && times[0].count < maximumRuns
        }
        while needsMore() {
            let goal = times[0].count < runs ? runs : maximumRuns
            let timed = min(Self.blockRuns, goal - times[0].count)
            let untimed = round == 0 ? warmup : 1
            let order = round.isMultiple(of: 2) ? Array(sides.indices) : sides.indices.reversed()
            for side in order {
                usleep(Self.pauseMicroseconds)
                let block = try sides[side](timed, untimed)
                precondition(block.count == timed, "a side returned \(block.count) times for \(timed) timed runs")
                times[side] += block
            }
            round += 1
        }
        return times
    }
}
