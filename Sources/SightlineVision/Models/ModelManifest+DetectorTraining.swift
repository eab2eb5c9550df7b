// ModelManifest+DetectorTraining: the manifest's record of how a detector made by `sightline
// train-detector` was trained — backbone, dataset, classes and their boxes, settings, the
// epoch-by-epoch history, the validation mAP reached and the thresholds it is used with — so it
// can be reproduced and judged later.

extension ModelManifest {
    /// How a trained detector was made (the `detector_training` section of its manifest).
    public struct DetectorTraining: Codable, Sendable, Equatable {
        /// One class and its labelled boxes.
        public struct ClassBoxes: Codable, Sendable, Equatable {
            public var label: String
            public var trainingBoxes: Int
            public var validationBoxes: Int
            /// Validation AP@0.5 of the kept epoch (nil when the class has no validation box).
            public var validationAP50: Double?

            public init(label: String, trainingBoxes: Int, validationBoxes: Int, validationAP50: Double?) {
                self.label = label
                self.trainingBoxes = trainingBoxes
                self.validationBoxes = validationBoxes
                self.validationAP50 = validationAP50
            }

            private enum CodingKeys: String, CodingKey {
                case label
                case trainingBoxes = "training_boxes"
                case validationBoxes = "validation_boxes"
                case validationAP50 = "validation_ap50"
            }
        }

        /// The installed classifier whose frozen features the head reads, and its weights' SHA-256.
        public var backbone: String
        public var backboneSHA256: String
        public var dataDirectory: String
        public var classes: [ClassBoxes]
        public var seed: UInt64
        public var imageSize: Int
        public var epochsPlanned: Int
        public var epochsRun: Int
        /// The epoch whose head was kept (best validation mAP@0.5).
        public var bestEpoch: Int
        public var stoppedEarly: Bool
        public var batchSize: Int
        public var learningRate: Double
        public var weightDecay: Double
        public var headWidth: Int
        public var towerDepth: Int
        public var augmented: Bool
        public var trainingPhotos: Int
        public var validationPhotos: Int
        /// True when the dataset had no valid/ split and validation photos were held out of train/.
        public var validationHeldOut: Bool
        public var validationMAP50: Double
        public var validationMAP50to95: Double
        /// The confidence and overlap thresholds the detector is meant to be used with.
        public var confidenceThreshold: Double
        public var iouThreshold: Double
        public var history: [DetectorEpochRecord]
        /// Files left out, with the reason ("path: reason"), relative to `dataDirectory`.
        public var skippedFiles: [String]
        public var clippedBoxes: Int
        public var droppedBoxes: Int
        public var seconds: Double

        /// Every field, as the trainer fills them in.
        package init(backbone: String,
                     backboneSHA256: String,
                     dataDirectory: String,
                     classes: [ClassBoxes],
                     seed: UInt64,
                     imageSize: Int,
                     epochsPlanned: Int,
                     epochsRun: Int,
                     bestEpoch: Int,
                     stoppedEarly: Bool,
                     batchSize: Int,
                     learningRate: Double,
                     weightDecay: Double,
                     headWidth: Int,
                     towerDepth: Int,
                     augmented: Bool,
                     trainingPhotos: Int,
                     validationPhotos: Int,
                     validationHeldOut: Bool,
                     validationMAP50: Double,
                     validationMAP50to95: Double,
                     confidenceThreshold: Double,
                     iouThreshold: Double,
                     history: [DetectorEpochRecord],
                     skippedFiles: [String],
                     clippedBoxes: Int,
                     droppedBoxes: Int,
                     seconds: Double) {
            self.backbone = backbone
            self.backboneSHA256 = backboneSHA256
            self.dataDirectory = dataDirectory
            self.classes = classes
            self.seed = seed
            self.imageSize = imageSize
            self.epochsPlanned = epochsPlanned
            self.epochsRun = epochsRun
            self.bestEpoch = bestEpoch
            self.stoppedEarly = stoppedEarly
            self.batchSize = batchSize
            self.learningRate = learningRate
            self.weightDecay = weightDecay
            self.headWidth = headWidth
            self.towerDepth = towerDepth
            self.augmented = augmented
            self.trainingPhotos = trainingPhotos
            self.validationPhotos = validationPhotos
            self.validationHeldOut = validationHeldOut
            self.validationMAP50 = validationMAP50
            self.validationMAP50to95 = validationMAP50to95
            self.confidenceThreshold = confidenceThreshold
            self.iouThreshold = iouThreshold
            self.history = history
            self.skippedFiles = skippedFiles
            self.clippedBoxes = clippedBoxes
            self.droppedBoxes = droppedBoxes
            self.seconds = seconds
        }
        private enum CodingKeys: String, CodingKey {
            case backbone, classes, seed, history, seconds
            case backboneSHA256 = "backbone_sha256"
            case dataDirectory = "data_directory"
            case imageSize = "image_size"
            case epochsPlanned = "epochs_planned"
            case epochsRun = "epochs_run"
            case bestEpoch = "best_epoch"
            case stoppedEarly = "stopped_early"
            case batchSize = "batch_size"
            case learningRate = "learning_rate"
            case weightDecay = "weight_decay"
            case headWidth = "head_width"
            case towerDepth = "tower_depth"
            case augmented
            case trainingPhotos = "training_photos"
            case validationPhotos = "validation_photos"
            case validationHeldOut = "validation_held_out"
            case validationMAP50 = "validation_map50"
            case validationMAP50to95 = "validation_map50_95"
            case confidenceThreshold = "confidence_threshold"
            case iouThreshold = "iou_threshold"
            case skippedFiles = "skipped_files"
            case clippedBoxes = "clipped_boxes"
            case droppedBoxes = "dropped_boxes"
        }
    }
}
