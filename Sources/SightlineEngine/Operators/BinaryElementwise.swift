// Add, Sub, Mul, Div, Pow: element-wise arithmetic with broadcasting, on float32 and int64
// (Pow on float32 only, as the detectors that use it need).
import Foundation

final class BinaryElementwiseKernel: Kernel {
    enum Operation: String { case add = "Add", sub = "Sub", mul = "Mul", div = "Div", pow = "Pow" }

    let label: NodeLabel
    private let operation: Operation

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        guard let operation = Operation(rawValue: context.node.opType) else {
            throw EngineError.unsupportedOperator(node: context.node.name, op: context.node.opType, domain: context.node.domain)
        }
        self.operation = operation
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let a = try required(inputs, 0), b = try required(inputs, 1)
        guard a.elementType == b.elementType else {
            throw shapeError("operands have different element types (\(a.elementType) and \(b.elementType))")
        }
        guard let shape = Broadcast.shape(a.shape, b.shape) else {
            throw shapeError("shapes \(a.shape) and \(b.shape) cannot be broadcast together")
        }
        let output = try context.allocate(shape, a.elementType)
        if output.count == 0 { return [output] }
        let plan = Broadcast(output: shape, a: a.shape, b: b.shape)
        let inner = plan.dims.last!, sa = plan.stridesA.last!, sb = plan.stridesB.last!
        switch a.elementType {
        case .float32:
            let pa = a.floats, pb = b.floats, po = output.floats
            let op = operation
            plan.forEachRow { o, oa, ob in
                BinaryElementwiseKernel.row(op, po + o, pa + oa, sa, pb + ob, sb, inner)
            }
        case .int64:
            guard operation != .pow else { throw shapeError("Pow is supported on float32 tensors only") }
            let pa = a.int64s, pb = b.int64s, po = output.int64s
            var divideByZero = false
            plan.forEachRow { o, oa, ob in
                for i in 0..<inner {
                    let x = pa[oa + i * sa], y = pb[ob + i * sb]
                    switch operation {
                    case .add: po[o + i] = x &+ y
                    case .sub: po[o + i] = x &- y
                    case .mul: po[o + i] = x &* y
                    case .div:
                        if y == 0 { divideByZero = true; po[o + i] = 0 } else { po[o + i] = x / y }
                    case .pow: po[o + i] = 0
                    }
                }
            }
            if divideByZero { throw shapeError("integer division by zero") }
        }
        return [output]
    }

    @inline(__always)
    private static func row(_ op: Operation, _ o: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>, _ sa: Int,
                            _ b: UnsafeMutablePointer<Float>, _ sb: Int, _ n: Int) {
        switch (op, sa, sb) {
        case (.add, 1, 1): for i in 0..<n { o[i] = a[i] + b[i] }
        case (.add, 1, 0): let y = b[0]; for i in 0..<n { o[i] = a[i] + y }
        case (.add, 0, 1): let x = a[0]; for i in 0..<n { o[i] = x + b[i] }
        case (.add, _, _): for i in 0..<n { o[i] = a[i * sa] + b[i * sb] }
        case (.sub, 1, 1): for i in 0..<n { o[i] = a[i] - b[i] }
        case (.sub, 1, 0): let y = b[0]; for i in 0..<n { o[i] = a[i] - y }
        case (.sub, _, _): for i in 0..<n { o[i] = a[i * sa] - b[i * sb] }
        case (.mul, 1, 1): for i in 0..<n { o[i] = a[i] * b[i] }
        case (.mul, 1, 0): let y = b[0]; for i in 0..<n { o[i] = a[i] * y }
        case (.mul, 0, 1): let x = a[0]; for i in 0..<n { o[i] = x * b[i] }
        case (.mul, _, _): for i in 0..<n { o[i] = a[i * sa] * b[i * sb] }
        case (.div, 1, 1): for i in 0..<n { o[i] = a[i] / b[i] }
        case (.div, _, _): for i in 0..<n { o[i] = a[i * sa] / b[i * sb] }
        case (.pow, 1, 0) where b[0] == 2: for i in 0..<n { o[i] = a[i] * a[i] }
        case (.pow, _, _): for i in 0..<n { o[i] = powf(a[i * sa], b[i * sb]) }
        }
    }
}
