// WolfeLineSearch: how far to move along a descent direction — a step that lowers the value
// enough (sufficient decrease) and flattens the slope enough (curvature), the strong Wolfe
// conditions, found by bracketing and then zooming in with cubic interpolation (Nocedal &
// Wright, algorithms 3.5 and 3.6).

struct WolfeLineSearch {
    /// A point the search evaluated.
    struct Point {
        var step: Double
        var point: [Double]
        var value: Double
        var gradient: [Double]
        /// The directional derivative gradient·direction at this point.
        var slope: Double
    }

    /// Sufficient-decrease constant c₁.
    var decreaseConstant = 1e-4
    /// Curvature constant c₂ (0.9 is the usual choice for quasi-Newton methods).
    var curvatureConstant = 0.9
    /// Evaluations allowed in each of the two phases.
    var maximumEvaluations = 25

    /// A point along `direction` from `start` satisfying the strong Wolfe conditions, or the
    /// best sufficient-decrease point found when the interval shrinks to nothing; nil when no
    /// step lowers the value enough.
    func search(from start: [Double], value: Double, slope: Double, direction: [Double], initialStep: Double,
                evaluate: ([Double], inout [Double]) -> Double) -> Point? {
        let origin = Point(step: 0, point: start, value: value, gradient: [], slope: slope)
        func probe(_ step: Double) -> Point {
            var point = start
            for index in point.indices { point[index] += step * direction[index] }
            var gradient = [Double](repeating: 0, count: start.count)
            let value = evaluate(point, &gradient)
            return Point(step: step, point: point, value: value, gradient: gradient,
                         slope: LBFGSMinimizer.dot(gradient, direction))
        }
        func sufficientlyLower(_ point: Point) -> Bool {
            point.value.isFinite && point.value <= value + decreaseConstant * point.step * slope
        }
        func flatEnough(_ point: Point) -> Bool {
            abs(point.slope) <= -curvatureConstant * slope
        }

        var previous = origin
        var step = initialStep
        for evaluation in 0 ..< maximumEvaluations {
            let current = probe(step)
            if !sufficientlyLower(current) || (evaluation > 0 && current.value >= previous.value) {
                return zoom(low: previous, high: current, origin: origin, probe: probe,
                            sufficientlyLower: sufficientlyLower, flatEnough: flatEnough)
            }
            if flatEnough(current) { return current }
            if current.slope >= 0 {
                return zoom(low: current, high: previous, origin: origin, probe: probe,
                            sufficientlyLower: sufficientlyLower, flatEnough: flatEnough)
            }
            previous = current
            step *= 2
        }
        return previous.step > 0 ? previous : nil
    }

    /// Narrows [low, high] — low lowers the value enough and is lowest so far — until a point
    /// satisfies both conditions.
    private func zoom(low: Point, high: Point, origin: Point, probe: (Double) -> Point,
                      sufficientlyLower: (Point) -> Bool, flatEnough: (Point) -> Bool) -> Point? {
        var low = low, high = high
        for _ in 0 ..< maximumEvaluations {
            let step = Self.interpolatedStep(low, high)
            let trial = probe(step)
            if !sufficientlyLower(trial) || trial.value >= low.value {
                high = trial
            } else {
                if flatEnough(trial) { return trial }
                if trial.slope * (high.step - low.step) >= 0 { high = low }
                low = trial
            }
            if abs(high.step - low.step) <= 1e-12 * max(abs(low.step), 1e-12) { break }
        }
        return low.step > 0 ? low : nil
    }

    /// The minimiser of the cubic through both points' values and slopes, kept at least a
    /// tenth of the interval away from its ends; the midpoint when the cubic has none.
    static func interpolatedStep(_ a: Point, _ b: Point) -> Double {
        let lower = min(a.step, b.step), upper = max(a.step, b.step)
        let width = upper - lower
        let midpoint = lower + width / 2
        guard a.value.isFinite, b.value.isFinite, a.slope.isFinite, b.slope.isFinite, width > 0 else { return midpoint }
        let d1 = a.slope + b.slope - 3 * (a.value - b.value) / (a.step - b.step)
        let discriminant = d1 * d1 - a.slope * b.slope
        guard discriminant >= 0 else { return midpoint }
        let d2 = (b.step > a.step ? 1.0 : -1.0) * discriminant.squareRoot()
        let step = b.step - (b.step - a.step) * (b.slope + d2 - d1) / (b.slope - a.slope + 2 * d2)
        guard step.isFinite, step >= lower + 0.1 * width, step <= upper - 0.1 * width else { return midpoint }
        return step
    }
}
