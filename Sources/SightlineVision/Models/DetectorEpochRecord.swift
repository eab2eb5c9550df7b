// DetectorEpochRecord: one epoch of training a detector head — its losses, validation mAP and
// time — as a detector's manifest keeps it in its training record.

/// One epoch's outcome.
public struct DetectorEpochRecord: Sendable, Codable, Equatable {
    public var epoch: Int
    /// Mean training loss and its three terms.
    public var loss: Double
    public var classificationLoss: Double
    public var boxLoss: Double
    public var centernessLoss: Double
    public var validationMAP50: Double
    public var validationMAP50to95: Double
    public var seconds: Double

    /// Every field, as the trainer fills them in.
    package init(epoch: Int, loss: Double, classificationLoss: Double, boxLoss: Double, centernessLoss: Double,
                 validationMAP50: Double, validationMAP50to95: Double, seconds: Double) {
        self.epoch = epoch
        self.loss = loss
        self.classificationLoss = classificationLoss
        self.boxLoss = boxLoss
        self.centernessLoss = centernessLoss
        self.validationMAP50 = validationMAP50
        self.validationMAP50to95 = validationMAP50to95
        self.seconds = seconds
    }

    private enum CodingKeys: String, CodingKey {
        case epoch, loss, seconds
        case classificationLoss = "classification_loss"
        case boxLoss = "box_loss"
        case centernessLoss = "centerness_loss"
        case validationMAP50 = "validation_map50"
        case validationMAP50to95 = "validation_map50_95"
    }
}
