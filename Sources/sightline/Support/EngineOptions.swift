// EngineOptions: `--threads`, shared as an @OptionGroup by every command that runs a model, with
// its check and the inference options it gives.
import ArgumentParser
import SightlineVision

struct EngineOptions: ParsableArguments {
    @Option(help: "Engine threads (0: one per core).")
    var threads = 0

    func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 (all cores) or more, got \(threads).") }
    }

    var inferenceOptions: InferenceOptions { InferenceOptions(threads: threads) }
}
