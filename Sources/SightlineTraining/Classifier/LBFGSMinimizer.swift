// LBFGSMinimizer: limited-memory BFGS (Nocedal & Wright, "Numerical Optimization", ch. 7) —
// the optimiser logistic regression is fitted with. It keeps the last few steps and gradient
// changes to approximate the inverse Hessian, and moves along each direction as far as
// WolfeLineSearch allows.

/// Minimises a smooth function of many variables given its value and gradient.
struct LBFGSMinimizer {
    /// Why minimisation ended.
    enum StopReason: String, Sendable {
        /// The gradient (or the decrease of the value) became negligible.
        case converged
        /// `maximumIterations` were done.
        case iterationLimit
        /// The caller's `afterIteration` asked to stop.
        case stoppedByCaller
        /// No step along the search direction decreased the value enough.
        case lineSearchFailed
    }

    struct Outcome {
        var point: [Double]
        var value: Double
        var iterations: Int
        var stopReason: StopReason
    }

    /// Step and gradient-change pairs kept for the inverse Hessian approximation.
    var historySize = 10
    /// Converged when every gradient component is at most this in magnitude.
    var gradientTolerance = 1e-6
    /// Converged when an iteration lowers the value by at most this fraction of it.
    var relativeDecreaseTolerance = 1e-12
    var maximumIterations: Int

    /// Minimises from `start`.
    ///
    /// - Parameters:
    ///   - evaluate: the value at a point, writing the gradient into its second argument
    ///     (already sized like the point).
    ///   - afterIteration: called with the iteration number (from 1), the new point and its
    ///     value; return false to stop.
    func minimize(from start: [Double], evaluate: ([Double], inout [Double]) -> Double,
                  afterIteration: (Int, [Double], Double) -> Bool) -> Outcome {
        var point = start
        var gradient = [Double](repeating: 0, count: start.count)
        var value = evaluate(point, &gradient)
        if Self.maxMagnitude(gradient) <= gradientTolerance {
            return Outcome(point: point, value: value, iterations: 0, stopReason: .converged)
        }
        var steps: [[Double]] = []
        var gradientChanges: [[Double]] = []
        let lineSearch = WolfeLineSearch()
        for iteration in 1 ... max(maximumIterations, 1) {
            var direction = searchDirection(gradient: gradient, steps: steps, gradientChanges: gradientChanges)
            var slope = Self.dot(direction, gradient)
            if !(slope < 0) {
                // Not a descent direction (rounding in the approximation): restart from steepest descent.
                steps.removeAll()
                gradientChanges.removeAll()
                direction = gradient.map { -$0 }
                slope = -Self.dot(gradient, gradient)
            }
            // Without history the direction is −gradient: start with a step of unit length.
            let initialStep = steps.isEmpty ? min(1, 1 / Self.dot(gradient, gradient).squareRoot()) : 1
            guard let accepted = lineSearch.search(from: point, value: value, slope: slope, direction: direction,
                                                   initialStep: initialStep, evaluate: evaluate) else {
                if steps.isEmpty {
                    return Outcome(point: point, value: value, iterations: iteration - 1, stopReason: .lineSearchFailed)
                }
                // Retry once from steepest descent before giving up.
                steps.removeAll()
                gradientChanges.removeAll()
                let steepest = gradient.map { -$0 }
                guard let retried = lineSearch.search(from: point, value: value, slope: -Self.dot(gradient, gradient),
                                                      direction: steepest,
                                                      initialStep: min(1, 1 / Self.dot(gradient, gradient).squareRoot()),
                                                      evaluate: evaluate) else {
                    return Outcome(point: point, value: value, iterations: iteration - 1, stopReason: .lineSearchFailed)
                }
                (point, value, gradient) = remember(retried, from: (point, gradient), steps: &steps,
                                                    gradientChanges: &gradientChanges)
                if !afterIteration(iteration, point, value) {
                    return Outcome(point: point, value: value, iterations: iteration, stopReason: .stoppedByCaller)
                }
                continue
            }
            let previousValue = value
            (point, value, gradient) = remember(accepted, from: (point, gradient), steps: &steps,
                                                gradientChanges: &gradientChanges)
            if !afterIteration(iteration, point, value) {
                return Outcome(point: point, value: value, iterations: iteration, stopReason: .stoppedByCaller)
            }
            if Self.maxMagnitude(gradient) <= gradientTolerance
                || previousValue - value <= relativeDecreaseTolerance * max(abs(previousValue), abs(value), 1) {
                return Outcome(point: point, value: value, iterations: iteration, stopReason: .converged)
            }
        }
        return Outcome(point: point, value: value, iterations: max(maximumIterations, 1), stopReason: .iterationLimit)
    }

    /// Moves to the accepted point and records the step and gradient change (when the
    /// curvature s·y is positive, which keeps the approximation positive definite).
    private func remember(_ accepted: WolfeLineSearch.Point, from previous: (point: [Double], gradient: [Double]),
                          steps: inout [[Double]], gradientChanges: inout [[Double]])
        -> (point: [Double], value: Double, gradient: [Double]) {
        let step = zip(accepted.point, previous.point).map { $0 - $1 }
        let change = zip(accepted.gradient, previous.gradient).map { $0 - $1 }
        if Self.dot(step, change) > 1e-12 * Self.dot(change, change).squareRoot() * Self.dot(step, step).squareRoot() {
            steps.append(step)
            gradientChanges.append(change)
            if steps.count > historySize {
                steps.removeFirst()
                gradientChanges.removeFirst()
            }
        }
        return (accepted.point, accepted.value, accepted.gradient)
    }

    /// −H·gradient by the two-loop recursion, with H₀ = (s·y / y·y)·I from the newest pair.
    private func searchDirection(gradient: [Double], steps: [[Double]], gradientChanges: [[Double]]) -> [Double] {
        var q = gradient
        var alphas = [Double](repeating: 0, count: steps.count)
        let rhos = zip(steps, gradientChanges).map { 1 / Self.dot($0, $1) }
        for index in steps.indices.reversed() {
            alphas[index] = rhos[index] * Self.dot(steps[index], q)
            Self.addScaled(-alphas[index], gradientChanges[index], to: &q)
        }
        if let s = steps.last, let y = gradientChanges.last {
            let scale = Self.dot(s, y) / Self.dot(y, y)
            for index in q.indices { q[index] *= scale }
        }
        for index in steps.indices {
            let beta = rhos[index] * Self.dot(gradientChanges[index], q)
            Self.addScaled(alphas[index] - beta, steps[index], to: &q)
        }
        return q.map { -$0 }
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for index in a.indices { sum += a[index] * b[index] }
        return sum
    }

    static func addScaled(_ alpha: Double, _ x: [Double], to y: inout [Double]) {
        for index in y.indices { y[index] += alpha * x[index] }
    }

    static func maxMagnitude(_ values: [Double]) -> Double {
        values.reduce(0) { max($0, abs($1)) }
    }
}
