// RegularizationPath: early stopping on the validation loss, the way it suits a convex fit —
// logistic regression is fitted at decreasing regularisation strengths (each fit warm-started
// from the previous one and run to convergence), from strongly regularised towards the
// closest fit, and the path stops as soon as the validation loss stops improving. The
// strength with the lowest validation loss is kept.

/// One strength of the path and where its fit ended.
public struct RegularizationPathStep: Sendable, Equatable {
    /// scikit-learn's C: the inverse regularisation strength.
    public var inverseStrength: Double
    /// The L2 strength used (see `RegularizationPath.trainer(inverseStrength:totalWeight:classCount:)`).
    public var l2Regularization: Double
    /// L-BFGS iterations of this fit.
    public var iterations: Int
    /// Training and validation loss and accuracy at the end of this fit.
    public var final: LogisticRegressionIteration
}

/// What a path is doing, for progress displays.
public enum RegularizationPathProgress: Sendable {
    /// One iteration of the fit at step `step` (from 0), whose inverse strength is `inverseStrength`.
    case iteration(step: Int, inverseStrength: Double, LogisticRegressionIteration)
    /// A step's fit has converged (or reached its iteration limit).
    case stepFinished(RegularizationPathStep)
}

/// What the path produced.
public struct RegularizationPathFit: Sendable {
    /// The model of the chosen step.
    public var model: MultinomialLogisticRegression
    /// The chosen step: the lowest validation loss, or the last step without validation.
    public var chosen: RegularizationPathStep
    /// Every step fitted, in order.
    public var steps: [RegularizationPathStep]
    /// True when the path ended before its last strength because the validation loss rose.
    public var stoppedEarly: Bool
}

/// Fits along a path of regularisation strengths with early stopping on the validation loss.
public struct RegularizationPath: Sendable {
    /// scikit-learn's C values to try, strongest regularisation (smallest C) first. The last,
    /// 1, is scikit-learn's default.
    public var inverseStrengths: [Double]
    /// The most L-BFGS iterations of each fit.
    public var maximumIterationsPerStep: Int

    public init(inverseStrengths: [Double] = [0.0316, 0.1, 0.316, 1], maximumIterationsPerStep: Int = 500) {
        precondition(!inverseStrengths.isEmpty && inverseStrengths.allSatisfy { $0 > 0 && $0.isFinite },
                     "the path needs positive, finite strengths")
        precondition(maximumIterationsPerStep >= 1, "each step needs at least one iteration")
        self.inverseStrengths = inverseStrengths
        self.maximumIterationsPerStep = maximumIterationsPerStep
    }

    /// The trainer of the step with inverse strength `inverseStrength` on training rows of
    /// `classCount` classes whose weights sum to `totalWeight` (n, the row count, without class
    /// weights): λ = 1 / (C·n), or 2 / (C·n) for two classes. scikit-learn fits
    /// two classes with one weight vector, the difference of the two rows here; penalising both
    /// rows with 2λ is the same as penalising that difference with λ, so C means the same.
    public func trainer(inverseStrength: Double, totalWeight: Double, classCount: Int) -> LogisticRegressionTrainer {
        let scale = classCount == 2 ? 2.0 : 1.0
        return LogisticRegressionTrainer(l2Regularization: scale / (inverseStrength * max(totalWeight, 1)),
                                         maximumIterations: maximumIterationsPerStep)
    }

    /// Fits `training` at each strength in turn while the loss on `validation` keeps falling.
    /// Without validation rows only the last (weakest) strength is fitted.
    ///
    /// - Parameter progress: called after every iteration and every step.
    public func fit(_ training: LabelledFeatures, validation: LabelledFeatures?,
                    progress: (RegularizationPathProgress) -> Void = { _ in }) -> RegularizationPathFit {
        let strengths = validation == nil ? [inverseStrengths.last!] : inverseStrengths
        var steps: [RegularizationPathStep] = []
        var best: (step: RegularizationPathStep, model: MultinomialLogisticRegression)?
        var previous: MultinomialLogisticRegression?
        for (index, strength) in strengths.enumerated() {
            let trainer = trainer(inverseStrength: strength, totalWeight: training.totalWeight, classCount: training.classCount)
            let fit = trainer.fit(training, validation: validation, startingFrom: previous) {
                progress(.iteration(step: index, inverseStrength: strength, $0))
            }
            let step = RegularizationPathStep(inverseStrength: strength, l2Regularization: trainer.l2Regularization,
                                              iterations: fit.history.count, final: fit.final)
            steps.append(step)
            progress(.stepFinished(step))
            previous = fit.model
            guard let best0 = best, let loss = step.final.validationLoss, let bestLoss = best0.step.final.validationLoss else {
                best = (step, fit.model)
                continue
            }
            if loss < bestLoss {
                best = (step, fit.model)
            } else {
                return RegularizationPathFit(model: best0.model, chosen: best0.step, steps: steps,
                                             stoppedEarly: index < strengths.count - 1)
            }
        }
        return RegularizationPathFit(model: best!.model, chosen: best!.step, steps: steps, stoppedEarly: false)
    }
}
