// ProcessMeasurement: runs a whole program as a child process (stdout discarded) and measures
// what it cost: wall-clock time from start to exit, CPU time (wait4's rusage) and peak resident
// memory — the VmHWM of /proc/PID/status, read every few milliseconds until the child exits.
// (wait4's ru_maxrss cannot be used: posix_spawn starts the child in this process's memory,
// whose high-water mark the kernel then counts as the child's.)
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
import SightlineCommandSupport
#endif

struct ProcessMeasurement {
    let wallMilliseconds: Double
    /// User plus system CPU time of the process (all its threads).
    let cpuMilliseconds: Double
    /// How often the child's VmHWM is read: its peak is missed only if reached in its last
    /// moments.
    static let memoryPollInterval: useconds_t = 5_000

    /// The largest resident set the process reached, in bytes.
    let peakResidentBytes: Int

    var peakResidentMegabytes: Double { Double(peakResidentBytes) / 1_048_576 }

    /// Runs `command` (the executable's path, then its arguments) with this process's
    /// environment, its stdout going to /dev/null, and waits for it to exit.
    ///
    /// - Throws: `CommandFailure` when it cannot start or does not exit with status 0 (with
    ///   what it printed on stderr).
    static func run(_ command: [String]) throws -> ProcessMeasurement {
        precondition(!command.isEmpty, "a command needs an executable")
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-bench-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: errorLog) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorLog.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }

        let start = DispatchTime.now().uptimeNanoseconds
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard spawned == 0 else {
            throw CommandFailure("Cannot start \(command[0]): \(String(cString: strerror(spawned))).")
        }
        var status: Int32 = 0
        var usage = rusage()
        var peakResidentBytes = 0
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            guard waited == 0 || errno == EINTR else {
                throw CommandFailure("Lost track of \(command[0]): \(String(cString: strerror(errno))).")
            }
            peakResidentBytes = max(peakResidentBytes, highWaterMark(of: pid) ?? 0)
            usleep(memoryPollInterval)
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6

        // The low 7 bits of the status are the terminating signal (0: it exited), the next 8
        // its exit status.
        let signal = status & 0x7F, exitStatus = (status >> 8) & 0xFF
        guard signal == 0, exitStatus == 0 else {
            let printed = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            let how = signal == 0 ? "exited with status \(exitStatus)" : "was killed by signal \(signal)"
            throw CommandFailure("\(command.joined(separator: " ")) \(how).\n" + printed.suffix(2000))
        }
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return ProcessMeasurement(wallMilliseconds: wall,
                                  cpuMilliseconds: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime),
                                  peakResidentBytes: peakResidentBytes)
    }

    /// The "VmHWM" of /proc/`pid`/status in bytes (nil once the process has exited).
    private static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        // "VmHWM:\t  123456 kB"
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
}
