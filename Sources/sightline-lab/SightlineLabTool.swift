// SightlineLabTool: the `sightline-lab` command-line tool's root command — the benchmark lab,
// apart from the product's `sightline`: `bench` compares the engine with ONNX Runtime, OpenVINO
// and Python + Pillow, `evaluate-imagenet` scores a classifier on ImageNet's validation photos
// (optionally against ONNX Runtime) — both run Python references from the repository's .venv —
// and `index-search` times the photo index's search as it grows, on SQLite or PostgreSQL.
import ArgumentParser
import SightlineLab

@main
struct SightlineLabTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sightline-lab",
        abstract: "Sightline's benchmark lab: the engine against ONNX Runtime, OpenVINO and Python + Pillow.",
        discussion: """
            Run from the repository: the references run in its .venv (`make setup`), and the \
            models are the installed ones ($SIGHTLINE_HOME, or ~/.local/share/sightline). \
            BENCHMARKS.md says what each figure times.
            """,
        subcommands: [BenchCommand.self, EvaluateImageNetCommand.self, IndexSearchBenchCommand.self])
}
