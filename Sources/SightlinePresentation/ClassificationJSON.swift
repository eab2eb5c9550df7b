// ClassificationJSON: one classified photo as JSON — `{"file", "results": [{"index", "label",
// "confidence"}], "milliseconds"}` or `{"file", "error"}` — as `sightline classify --json`
// prints it and `POST /api/v1/classify` answers.
import Foundation
import SightlineImaging
import SightlineVision

public enum ClassificationJSON {
    /// The outcome for one photo called `file`.
    public static func record(_ image: ClassifiedImage, file: String) -> JSONLine {
        switch image.result {
        case .success(let result):
            return record(result, file: file, milliseconds: image.seconds * 1000)
        case .failure(let error):
            return .object([("file", .string(file)), ("error", .string(message(for: error)))])
        }
    }

    /// The classes found in the photo called `file` in `milliseconds`.
    public static func record(_ result: ClassificationResult, file: String, milliseconds: Double) -> JSONLine {
        .object([
            ("file", .string(file)),
            ("results", .array(result.observations.map(observation))),
            ("milliseconds", .number(milliseconds, digits: 3)),
        ])
    }

    /// `{"index", "label", "confidence"}`
    public static func observation(_ observation: ClassificationObservation) -> JSONLine {
        .object([
            ("index", .integer(observation.index)),
            ("label", .string(observation.label)),
            ("confidence", .number(Double(observation.confidence), digits: 6)),
        ])
    }

    /// The error's message without the file path, which is shown next to it already.
    public static func message(for error: ClassificationError) -> String {
        if case .unreadableImage(_, let reason) = error { return reason.description }
        return error.description
    }
}
