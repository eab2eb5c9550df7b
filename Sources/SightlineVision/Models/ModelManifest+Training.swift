// ModelManifest+Training: the manifest's record of how a model made by `sightline train` was
// trained — backbone, photo folder, classes and their photo counts, seed, settings and the
// accuracy reached — so a trained model can be reproduced and judged later.

extension ModelManifest {
    /// How a trained classifier was made (the `training` section of its manifest).
    public struct Training: Codable, Sendable, Equatable {
        /// One class and how many of its photos were used.
        public struct ClassCount: Codable, Sendable, Equatable {
            public var label: String
            public var trainingPhotos: Int
            public var validationPhotos: Int

            public init(label: String, trainingPhotos: Int, validationPhotos: Int) {
                self.label = label
                self.trainingPhotos = trainingPhotos
                self.validationPhotos = validationPhotos
            }

            private enum CodingKeys: String, CodingKey {
                case label
                case trainingPhotos = "training_photos"
                case validationPhotos = "validation_photos"
            }
        }

        /// The name of the model whose features the classifier reads ("lite0").
        public var backbone: String
        /// The labelled photo folder, as an absolute path.
        public var dataDirectory: String
        public var classes: [ClassCount]
        /// The seed of the validation split and the augmentation.
        public var seed: UInt64
        /// The fraction of each class's photos held out for validation.
        public var validationFraction: Double
        /// Augmented copies made of each photo (0: no augmentation).
        public var augmentationCopies: Int
        /// The inverse regularisation strengths (scikit-learn's C) fitted along the path, in order.
        public var inverseStrengthsTried: [Double]
        /// The one chosen by validation loss (the last tried without validation).
        public var inverseStrength: Double
        /// Whether the path stopped early because the validation loss rose.
        public var stoppedEarly: Bool
        /// The L2 strength λ of the fit that produced the weights (see
        /// `LogisticRegressionTrainer.l2Regularization`).
        public var l2Regularization: Double
        /// L-BFGS iterations of the fit that produced the weights.
        public var iterations: Int
        /// Whether the final weights were fitted on all photos (training and validation) for the
        /// iteration count the validation chose.
        public var refittedOnAllPhotos: Bool
        /// Accuracy on the photos the final weights were fitted on, 0…1.
        public var trainingAccuracy: Double
        /// Accuracy on the validation photos of the fit on the training photos; nil without
        /// validation.
        public var validationAccuracy: Double?
        /// Photo files that could not be read and were left out, relative to `dataDirectory`.
        public var skippedFiles: [String]
        /// The shorter side photos were resized to before the centre crop in training; the
        /// trained model prepares photos the same way. nil in records that predate it (the
        /// backbone's own).
        public var shorterSide: Int?
        /// The class weights training used, by label (classes not named counted 1); nil: none.
        public var classWeights: [String: Double]?

        public init(backbone: String, dataDirectory: String, classes: [ClassCount], seed: UInt64,
                    validationFraction: Double, augmentationCopies: Int, inverseStrengthsTried: [Double],
                    inverseStrength: Double, stoppedEarly: Bool, l2Regularization: Double, iterations: Int,
                    refittedOnAllPhotos: Bool, trainingAccuracy: Double,
                    validationAccuracy: Double?, skippedFiles: [String], shorterSide: Int? = nil,
                    classWeights: [String: Double]? = nil) {
            self.backbone = backbone
            self.dataDirectory = dataDirectory
            self.classes = classes
            self.seed = seed
            self.validationFraction = validationFraction
            self.augmentationCopies = augmentationCopies
            self.inverseStrengthsTried = inverseStrengthsTried
            self.inverseStrength = inverseStrength
            self.stoppedEarly = stoppedEarly
            self.l2Regularization = l2Regularization
            self.iterations = iterations
            self.refittedOnAllPhotos = refittedOnAllPhotos
            self.trainingAccuracy = trainingAccuracy
            self.validationAccuracy = validationAccuracy
            self.skippedFiles = skippedFiles
            self.shorterSide = shorterSide
            self.classWeights = classWeights
        }

        private enum CodingKeys: String, CodingKey {
            case backbone
            case dataDirectory = "data_directory"
            case classes, seed
            case validationFraction = "validation_fraction"
            case augmentationCopies = "augmentation_copies"
            case inverseStrengthsTried = "inverse_strengths_tried"
            case inverseStrength = "inverse_strength"
            case stoppedEarly = "stopped_early"
            case l2Regularization = "l2_regularization"
            case iterations
            case refittedOnAllPhotos = "refitted_on_all_photos"
            case trainingAccuracy = "training_accuracy"
            case validationAccuracy = "validation_accuracy"
            case skippedFiles = "skipped_files"
            case shorterSide = "shorter_side"
            case classWeights = "class_weights"
        }
    }
}
