// IndexWorkCommand: `sightline index work` — one worker of the photo index: leases a batch of
// photos, analyses each (classify: the top-5 labels and their categories; faces: how many;
// features: the feature print), records the batch's findings while it still holds the leases,
// and goes on until no photo is left. SIGINT or SIGTERM stop it once the work in hand is done
// (at most the batch's network run): what it finished is recorded, its other leases given back.
import ArgumentParser
import Dispatch
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineStore
import SightlineVision
import Synchronization

struct IndexWorkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "work",
        abstract: "Analyse the index's photos until none is left (run as many workers as you like).",
        discussion: """
            --tasks is a comma-separated list of classify (the top-5 labels of --model and the \
            Object Recognizer's category of each), faces (how many faces) and features (the \
            feature print). A photo that cannot be read or analysed is tried again, by this or \
            another worker, until it has been tried --max-attempts times, and then marked failed \
            with the reason; so is a photo whose worker stopped while analysing it (killed, \
            crashed) that many times. A photo whose bytes are no longer those that were added is \
            marked failed at once (add it again). `index status` lists failures; \
            --retry-failed tries them again after the cause was fixed. Prints one line per batch \
            on stderr and a summary at the end.
            """)

    enum Task: String, CaseIterable {
        case classify, faces, features
    }

    @Option(help: "What to find in each photo: classify, faces, features (comma-separated).")
    var tasks = "classify"

    @Option(help: "Photos leased at a time.")
    var batch = 16

    @Option(help: "How long a lease lasts: a killed worker's photos go to others after this.")
    var leaseSeconds = 300.0

    @Option(help: "How many times a photo is tried before it is marked failed.")
    var maxAttempts = 3

    @Flag(help: "First send the photos that failed back to be analysed again.")
    var retryFailed = false

    @Option(help: "This worker's name in `index status` (default: host name and process id).")
    var worker = "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var modelOptions: ClassifierModelOptions

    @OptionGroup var engine: EngineOptions

    var chosenTasks: Set<Task> {
        get throws {
            var chosen = Set<Task>()
            for name in tasks.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let task = Task(rawValue: name) else {
                    throw ValidationError("--tasks: \(name) is not a task; choose from classify, faces, features.")
                }
                chosen.insert(task)
            }
            guard !chosen.isEmpty else { throw ValidationError("--tasks needs at least one task.") }
            return chosen
        }
    }

    func validate() throws {
        _ = try chosenTasks
        guard batch >= 1 else { throw ValidationError("--batch must be at least 1, got \(batch).") }
        guard (1 ... 100).contains(maxAttempts) else {
            throw ValidationError("--max-attempts must be from 1 to 100, got \(maxAttempts).")
        }
        guard leaseSeconds >= 1 else { throw ValidationError("--lease-seconds must be at least 1, got \(leaseSeconds).") }
        guard !worker.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--worker must not be empty.") }
    }

    func run() async throws {
        let chosen = try chosenTasks
        let store = try await database.open()
        let index = store.photoIndex
        let classifier = try ImageClassifier(model: modelOptions.installedModel(), options: engine.inferenceOptions)
        let categories = chosen.contains(.classify) ? try ObjectCategories.bundled() : nil
        let extractor = chosen.contains(.features) ? try FeaturePrintExtractor(classifier: classifier) : nil
        let faceDetector = chosen.contains(.faces) ? try FaceDetector(inferenceOptions: engine.inferenceOptions) : nil
        let runsNetwork = categories != nil || extractor != nil
        let stop = StopRequest()

        if retryFailed {
            let count = try await index.retryFailed()
            StandardError.print("\(count) failed photo\(count == 1 ? "" : "s") sent back to be analysed again.")
        }
        let started = ContinuousClock.now
        var done = 0, failed = 0, retried = 0
        var recording: _Concurrency.Task<Int, any Error>?
        // A failed attempt: the photo goes back to be tried again until its last attempt.
        func attemptFailed(_ job: PhotoJob, _ error: any Error) async throws {
            let message = Self.message(for: error)
            if job.attempts < maxAttempts {
                if try await index.retry(job, worker: worker, message: message, now: Date()) { retried += 1 }
            } else if try await index.fail(job, worker: worker, message: message, now: Date()) {
                failed += 1
            }
        }
        while !stop.requested {
            let jobs = try await index.claim(count: batch, worker: worker, lease: leaseSeconds, maxAttempts: maxAttempts, now: Date())
            if jobs.isEmpty { break }
            // Each photo read, checked and prepared on its own (a bad one fails alone), then the
            // network runs once for the whole batch and the findings are recorded in one
            // transaction.
            var prepared: [(job: PhotoJob, data: Data, input: [Float])] = []
            for job in jobs where !stop.requested {
                do {
                    let data = try Data(contentsOf: URL(fileURLWithPath: job.path))
                    guard ContentHash.sha256(of: data) == job.contentHash else {
                        // Trying again cannot help: the index describes other bytes.
                        let message = "The file changed since it was added; run `sightline index add` on it again."
                        if try await index.fail(job, worker: worker, message: message, now: Date()) { failed += 1 }
                        continue
                    }
                    prepared.append((job, data, runsNetwork ? try classifier.inputValues(for: data) : []))
                } catch {
                    try await attemptFailed(job, error)
                }
            }
            guard !prepared.isEmpty else { continue }
            let batchInput = Array(prepared.map(\.input).joined())
            var findings = [PhotoFindings](repeating: PhotoFindings(), count: prepared.count)
            do {
                let outputs = runsNetwork ? try classifier.run(preparedBatch: batchInput, imageCount: prepared.count) : [:]
                if let categories {
                    let results = try classifier.classify(outputs: outputs, imageCount: prepared.count, top: 5)
                    for (position, result) in results.enumerated() {
                        findings[position].labels = result.observations.map { observation in
                            PhotoFindings.Label(label: observation.label, category: categories.category(ofClass: observation.index)?.id,
                                                confidence: Double(min(max(observation.confidence, 0), 1)))
                        }
                    }
                }
                if let extractor {
                    let prints = try extractor.featurePrints(outputs: outputs, imageCount: prepared.count)
                    for (position, print) in prints.enumerated() {
                        findings[position].featurePrint = (classifier.model.name, print.values)
                    }
                }
            } catch {
                for item in prepared {
                    try await attemptFailed(item.job, error)
                }
                continue
            }
            var recordable: [(job: PhotoJob, findings: PhotoFindings)] = []
            for (position, item) in prepared.enumerated() where !stop.requested {
                if let faceDetector {
                    do {
                        findings[position].faceCount = try faceDetector.detectFaces(in: ImageDecoder.decode(data: item.data)).count
                    } catch {
                        try await attemptFailed(item.job, error)
                        continue
                    }
                }
                recordable.append((item.job, findings[position]))
            }
            // The batch is recorded while the next one is claimed, read and analysed: the
            // database's round trips overlap the work instead of adding to it.
            if let previous = recording { done += try await previous.value }
            recording = _Concurrency.Task { [index, worker] in
                try await index.record(recordable, worker: worker, now: Date()).filter { $0 }.count
            }
            let seconds = Self.seconds(since: started)
            StandardError.print(String(format: "%@: %d photos done, %d failed (%.1f photos/s)", worker, done, failed,
                                       Double(done + failed) / max(seconds, 1e-9)))
        }
        if let recording { done += try await recording.value }
        let released = try await index.release(worker: worker)
        try await store.close()
        let seconds = Self.seconds(since: started)
        print(String(format: "%@ analysed %d photos (%d failed) in %.1f s: %.2f photos/s.", worker, done + failed, failed, seconds,
                     Double(done + failed) / max(seconds, 1e-9))
            + (retried > 0 ? " \(retried) failed attempts were given back to be tried again." : "")
            + (released > 0 ? " Stopped early: \(released) leased photos given back." : ""))
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let (whole, fraction) = (ContinuousClock.now - start).components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// What went wrong, for `index status`: an image's own reason where the classifier had one.
    private static func message(for error: any Error) -> String {
        if let error = error as? ClassificationError { return ClassificationJSON.message(for: error) }
        return "\(error)"
    }
}

/// Whether SIGINT or SIGTERM asked the worker to stop: the signals are caught (not fatal) while
/// this exists, and the work loop checks between photos.
private final class StopRequest {
    private final class Flag: Sendable {
        let raised = Mutex(false)
    }

    private let flag = Flag()
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = flag
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.raised.withLock { $0 = true } }
            source.resume()
            return source
        }
    }

    var requested: Bool { flag.raised.withLock { $0 } }
}
