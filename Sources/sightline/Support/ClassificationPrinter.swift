// ClassificationPrinter: how `sightline classify` shows one file's outcome — a short text block
// or a JSON line on stdout; in text mode errors go to stderr.
import Foundation
import SightlineVision

struct ClassificationPrinter {
    let json: Bool

    func print(_ image: ClassifiedImage, displayPath: String) {
        if json {
            Swift.print(ClassificationRecord.json(image, displayPath: displayPath).text)
            return
        }
        switch image.result {
        case .success(let result):
            Swift.print(String(format: "%@  (%.1f ms)", displayPath, image.seconds * 1000))
            for observation in result.observations {
                Swift.print(String(format: "  %5.1f %%  %@", observation.confidence * 100, observation.label))
            }
        case .failure(let error):
            StandardError.print("\(displayPath): error: \(Self.message(for: error))")
        }
    }

    /// The error's message without the file path, which is shown next to it already.
    static func message(for error: ClassificationError) -> String {
        if case .unreadableImage(_, let reason) = error { return reason.description }
        return error.description
    }
}

/// One line of `classify --json` output:
/// `{"file": …, "results": [{"index": …, "label": …, "confidence": …}], "milliseconds": …}`
/// or `{"file": …, "error": …}`.
enum ClassificationRecord {
    static func json(_ image: ClassifiedImage, displayPath: String) -> JSONLine {
        switch image.result {
        case .success(let result):
            let observations = result.observations.map { observation in
                JSONLine.object([
                    ("index", .integer(observation.index)),
                    ("label", .string(observation.label)),
                    ("confidence", .number(Double(observation.confidence), digits: 6)),
                ])
            }
            return .object([
                ("file", .string(displayPath)),
                ("results", .array(observations)),
                ("milliseconds", .number(image.seconds * 1000, digits: 3)),
            ])
        case .failure(let error):
            return .object([("file", .string(displayPath)), ("error", .string(ClassificationPrinter.message(for: error)))])
        }
    }
}
