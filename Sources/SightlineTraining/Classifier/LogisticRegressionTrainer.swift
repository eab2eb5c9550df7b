// LogisticRegressionTrainer: fits a MultinomialLogisticRegression to labelled feature vectors
// at one regularisation strength with L-BFGS, to convergence, reporting the training (and, if
// given, validation) loss and accuracy after every iteration.

/// The state after one optimiser iteration.
public struct LogisticRegressionIteration: Sendable, Equatable {
    /// 1, 2, 3, … within one fit.
    public var iteration: Int
    /// Mean cross-entropy on the training rows (without the L2 penalty).
    public var trainingLoss: Double
    /// Fraction of training rows classified correctly, 0…1.
    public var trainingAccuracy: Double
    /// Mean cross-entropy on the validation rows; nil without validation rows.
    public var validationLoss: Double?
    /// Fraction of validation rows classified correctly; nil without validation rows.
    public var validationAccuracy: Double?

    public init(iteration: Int, trainingLoss: Double, trainingAccuracy: Double,
                validationLoss: Double?, validationAccuracy: Double?) {
        self.iteration = iteration
        self.trainingLoss = trainingLoss
        self.trainingAccuracy = trainingAccuracy
        self.validationLoss = validationLoss
        self.validationAccuracy = validationAccuracy
    }
}

/// What one fit produced.
public struct LogisticRegressionFit: Sendable {
    /// Why the optimiser stopped.
    public enum StopReason: String, Sendable {
        /// The objective stopped decreasing (its gradient vanished).
        case converged
        /// `maximumIterations` were done.
        case iterationLimit = "iteration limit"
        /// The optimiser found no step that lowers the objective: it is at the minimum as far
        /// as Float arithmetic can tell.
        case noFurtherProgress = "no further progress"
    }

    /// The fitted model (the last iterate).
    public var model: MultinomialLogisticRegression
    /// The training and validation metrics of `model`.
    public var final: LogisticRegressionIteration
    /// One entry per iteration run.
    public var history: [LogisticRegressionIteration]
    public var stopReason: StopReason
}

/// Fits multinomial logistic regression by minimising the mean cross-entropy plus
/// `(l2Regularization / 2)·‖W‖²` with L-BFGS.
public struct LogisticRegressionTrainer: Sendable {
    /// The L2 penalty's strength λ (biases are not penalised). scikit-learn's `C` on n rows
    /// corresponds to λ = 1 / (C·n).
    public var l2Regularization: Double
    public var maximumIterations: Int
    /// Converged when every component of the objective's gradient is at most this (scikit-learn
    /// stops its L-BFGS at 1e-4 on the same mean objective).
    public var gradientTolerance: Double

    public init(l2Regularization: Double, maximumIterations: Int = 500, gradientTolerance: Double = 1e-5) {
        precondition(l2Regularization >= 0 && l2Regularization.isFinite, "the L2 strength must be finite and ≥ 0")
        precondition(maximumIterations >= 1, "at least one iteration is needed, got \(maximumIterations)")
        self.l2Regularization = l2Regularization
        self.maximumIterations = maximumIterations
        self.gradientTolerance = gradientTolerance
    }

    /// Fits `training`, starting from `start` (all-zero weights when nil). `validation` rows
    /// (same classes and features) are only measured, after every iteration.
    ///
    /// - Precondition: `training` has rows; `validation`, if given, has rows and the same
    ///   shape; `start`, if given, has the training data's shape.
    public func fit(_ training: LabelledFeatures, validation: LabelledFeatures? = nil,
                    startingFrom start: MultinomialLogisticRegression? = nil,
                    progress: (LogisticRegressionIteration) -> Void = { _ in }) -> LogisticRegressionFit {
        precondition(training.features.rows > 0, "there are no training rows")
        let classCount = training.classCount, featureCount = training.features.columns
        if let validation {
            precondition(validation.features.rows > 0 && validation.classCount == classCount
                         && validation.features.columns == featureCount,
                         "the validation rows must have the training rows' classes and features")
        }
        if let start {
            precondition(start.classCount == classCount && start.featureCount == featureCount,
                         "the starting model must have the training data's shape")
        }
        let objective = SoftmaxCrossEntropy(data: training, l2: l2Regularization)
        let validationObjective = validation.map { SoftmaxCrossEntropy(data: $0, l2: 0) }
        func measure(_ model: MultinomialLogisticRegression, iteration: Int) -> LogisticRegressionIteration {
            let trained = objective.lossAndAccuracy(of: model)
            let validated = validationObjective?.lossAndAccuracy(of: model)
            return LogisticRegressionIteration(iteration: iteration, trainingLoss: trained.loss, trainingAccuracy: trained.accuracy,
                                               validationLoss: validated?.loss, validationAccuracy: validated?.accuracy)
        }

        var history: [LogisticRegressionIteration] = []
        var minimizer = LBFGSMinimizer(maximumIterations: maximumIterations)
        minimizer.gradientTolerance = gradientTolerance
        let initial = start?.parameters ?? [Double](repeating: 0, count: objective.parameterCount)
        let outcome = minimizer.minimize(from: initial, evaluate: objective.value(at:gradient:)) { iteration, point, _ in
            let entry = measure(MultinomialLogisticRegression(classCount: classCount, featureCount: featureCount,
                                                              parameters: point), iteration: iteration)
            history.append(entry)
            progress(entry)
            return true
        }
        let model = MultinomialLogisticRegression(classCount: classCount, featureCount: featureCount, parameters: outcome.point)
        let reason: LogisticRegressionFit.StopReason
        switch outcome.stopReason {
        case .converged, .stoppedByCaller: reason = .converged
        case .iterationLimit: reason = .iterationLimit
        case .lineSearchFailed: reason = .noFurtherProgress
        }
        return LogisticRegressionFit(model: model, final: history.last ?? measure(model, iteration: 0), history: history,
                                     stopReason: reason)
    }
}
