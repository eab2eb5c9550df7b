// LiveResultJSON: the answer to one analysed live-camera frame — `{"frame", "result",
// "milliseconds", "dropped"}`, the result a Recognition or a WasteReport — as the live
// WebSocket sends it.
public struct LiveResultJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LiveResult" }

    /// What the frame showed, in the app's own shape.
    public enum Result: Encodable, Sendable {
        case recognition(RecognitionJSON)
        case waste(WasteReportJSON)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .recognition(let recognition): try recognition.encode(to: encoder)
            case .waste(let report): try report.encode(to: encoder)
            }
        }
    }

    /// The frame's number on this connection, from 1.
    public var frame: Int
    public var result: Result
    public var milliseconds: Double
    /// Frames replaced by newer ones so far.
    public var dropped: Int

    public init(frame: Int, result: Result, milliseconds: Double, dropped: Int) {
        self.frame = frame
        self.result = result
        self.milliseconds = milliseconds.rounded(digits: 1)
        self.dropped = dropped
    }
}
