// ClassificationJSON: one classified photo as JSON — `{"file", "results": [{"index", "label",
// "confidence"}], "milliseconds"}` — as `sightline classify --json` prints it and
// `POST /api/v1/classify` answers; a photo that could not be classified is an `ErrorJSON`.
import Foundation
import SightlineImaging
public import SightlineVision

public struct ClassificationJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Classification" }

    /// `{"index", "label", "confidence"}`: one class of the model.
    public struct Observation: Encodable, Sendable {
        public var index: Int
        public var label: String
        public var confidence: Double

        public init(_ observation: ClassificationObservation) {
            index = observation.index
            label = observation.label
            confidence = Double(observation.confidence)
        }
    }

    public var file: String
    public var results: [Observation]
    public var milliseconds: Double

    /// The classes found in the photo called `file` in `milliseconds`.
    public init(_ result: ClassificationResult, file: String, milliseconds: Double) {
        self.file = file
        results = result.observations.map(Observation.init)
        self.milliseconds = milliseconds.rounded(digits: 3)
    }

    /// The outcome for one photo called `file`: its classes, or why it could not be classified.
    public static func record(_ image: ClassifiedImage, file: String) -> any JSONAnswer {
        switch image.result {
        case .success(let result): ClassificationJSON(result, file: file, milliseconds: image.seconds * 1000)
        case .failure(let error): ErrorJSON(file: file, message: message(for: error))
        }
    }

    /// The error's message without the file path, which is shown next to it already.
    public static func message(for error: ClassificationError) -> String {
        if case .unreadableImage(_, let reason) = error { return reason.description }
        return error.description
    }
}
