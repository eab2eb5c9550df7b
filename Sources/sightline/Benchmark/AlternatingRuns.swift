// AlternatingRuns: timing Sightline and the reference in alternating blocks of runs instead of
// all of one then all of the other, so that a machine whose speed drifts during a benchmark
// (its clock, a neighbour on the same host) slows both sides alike rather than whichever ran
// in the slow minute. Blocks go ABBA (Sightline first in even rounds, the reference first in
// odd ones) so a steady drift favours neither, with a pause before each block so that neither
// engine's idle workers still spin on a core while the other runs.
import Foundation

struct AlternatingRuns {
    /// Timed runs per block.
    static let blockRuns = 3
    /// The idle time before each block; both engines' pools stop spinning well within it.
    static let pauseMicroseconds: useconds_t = 30_000

    /// Timed runs per side.
    let runs: Int
    /// Untimed runs each side makes before its first block. Every later block starts with one
    /// untimed run, so that the timed ones find the caches as back-to-back runs leave them and
    /// not as the other engine did.
    let warmup: Int

    /// One side: runs `untimed` runs, then `timed` runs, and returns the timed durations.
    typealias Side = (_ timed: Int, _ untimed: Int) throws -> [Double]

    /// Both sides' timed durations (`runs` each), in the order they ran, with Sightline's side
    /// one call of `sightlineRun` per run, timed by `Stopwatch`.
    func measure(sightlineRun: () throws -> Void, reference: Side) throws -> (sightline: [Double], reference: [Double]) {
        try measure(sightline: { timed, untimed in try Stopwatch.milliseconds(runs: timed, warmup: untimed, sightlineRun) },
                    reference: reference)
    }

    /// Both sides' timed durations (`runs` each), in the order they ran.
    func measure(sightline: Side, reference: Side) throws -> (sightline: [Double], reference: [Double]) {
        var sightlineTimes: [Double] = [], referenceTimes: [Double] = []
        var round = 0
        while sightlineTimes.count < runs {
            let timed = min(Self.blockRuns, runs - sightlineTimes.count)
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
