// DetectorTrainingJSON: how `sightline train-detector` made a detector — the training record its
// manifest keeps (data, options, per-epoch losses and validation mAP, per-class AP) — as
// `sightline train-detector --json` prints it at the end.
public import SightlineVision

public struct DetectorTrainingJSON: JSONAnswer, Sendable {
    public var record: ModelManifest.DetectorTraining

    public init(_ record: ModelManifest.DetectorTraining) {
        self.record = record
    }

    public func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
    }
}
