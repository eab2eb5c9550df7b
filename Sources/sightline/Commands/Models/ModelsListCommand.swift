// ModelsListCommand: `sightline models list` — the installed models with what they do, their
// input, licence and provenance, as a table or JSON.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineVision

struct ModelsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed models.",
        discussion: """
            Shows each model's name, title, task, input size, licence, source package and \
            version, the start of its SHA-256 and its path. With --json, one object per line \
            with the full SHA-256.
            """)

    @OptionGroup var format: JSONOutputOptions

    func run() throws {
        let store = ModelStore()
        let models = try store.installedModels()
        if format.json {
            for model in models { printJSON(InstalledModelJSON(model)) }
            return
        }
        guard !models.isEmpty else {
            StandardError.print("No models are installed in \(store.modelsDirectory.path); run `make models`.")
            return
        }
        let header = ["NAME", "TITLE", "TASK", "INPUT", "LICENCE", "SOURCE", "SHA-256", "PATH"]
        let rows = models.map { model -> [String] in
            let record = ModelRecord(model)
            return [record.name, record.title, record.task, record.input, record.licence,
                    record.source, String(record.sha256.prefix(12)), record.path]
        }
        print(TextTable(header: header, rows: rows).rendered)
    }
}

/// One model as `models list` shows it.
struct ModelRecord {
    let name: String
    let title: String
    let task: String
    /// "224×224 NCHW", or "any size NWHC" for a model without a fixed input size.
    let input: String
    let licence: String
    /// "package@version".
    let source: String
    let sha256: String
    let path: String

    init(_ model: InstalledModel) {
        let manifest = model.manifest
        name = manifest.name
        title = manifest.title
        task = manifest.task.rawValue
        let size = manifest.input.width.flatMap { width in manifest.input.height.map { "\(width)×\($0)" } } ?? "any size"
        input = "\(size) \(manifest.input.layout.rawValue)"
        licence = manifest.licence
        source = "\(manifest.source.package)@\(manifest.source.version)"
        sha256 = manifest.sha256
        path = model.modelURL.path
    }
}
