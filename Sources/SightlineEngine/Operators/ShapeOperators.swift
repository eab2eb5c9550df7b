// Reshape, Flatten, Squeeze, Unsqueeze and Shape: operators that change or report a
// tensor's shape without touching its elements (the output shares the input's buffer).

final class ReshapeKernel: Kernel {
    let label: NodeLabel
    private let allowZero: Bool

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        allowZero = try context.node.int("allowzero", default: 0) != 0
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        var shape = try required(inputs, 1).integers()
        for i in shape.indices where shape[i] == 0 && !allowZero {
            guard i < x.rank else { throw shapeError("0 at position \(i) copies a dimension the input (\(x.shape)) lacks") }
            shape[i] = x.shape[i]
        }
        let unknown = shape.indices.filter { shape[$0] == -1 }
        guard unknown.count <= 1, shape.allSatisfy({ $0 >= -1 }) else {
            throw shapeError("invalid target shape \(shape)")
        }
        // The result shares the input's buffer, so no allocation checks its dimensions.
        if let problem = ShapeBounds.problem(with: shape.filter { $0 >= 0 }) {
            throw shapeError("target shape \(shape): \(problem)")
        }
        if let i = unknown.first {
            let known = Tensor.elementCount(of: shape.enumerated().filter { $0.offset != i }.map(\.element))
            guard known > 0, x.count % known == 0 else {
                throw shapeError("cannot reshape \(x.shape) (\(x.count) elements) to \(shape)")
            }
            shape[i] = x.count / known
        }
        guard Tensor.elementCount(of: shape) == x.count else {
            throw shapeError("cannot reshape \(x.shape) (\(x.count) elements) to \(shape)")
        }
        return [context.alias(x, shape: shape)]
    }
}

final class FlattenKernel: Kernel {
    let label: NodeLabel
    private let axis: Int

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        axis = try context.node.int("axis", default: 1)
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        let a = axis < 0 ? axis + x.rank : axis
        guard a >= 0 && a <= x.rank else { throw shapeError("axis \(axis) is out of range for rank \(x.rank)") }
        let outer = x.shape[..<a].reduce(1, *)
        return [context.alias(x, shape: [outer, x.shape[a...].reduce(1, *)])]
    }
}

/// Squeeze and Unsqueeze: axes from an attribute (opset ≤ 12) or the second input (13+).
final class SqueezeKernel: Kernel {
    let label: NodeLabel
    private let unsqueeze: Bool
    private let attributeAxes: [Int]?

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        unsqueeze = context.node.opType == "Unsqueeze"
        attributeAxes = context.node.attributes["axes"] == nil ? nil : try context.node.ints("axes")
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        let axes = try attributeAxes ?? (inputs.count > 1 ? inputs[1]?.integers() : nil)
        if unsqueeze {
            guard let axes else { throw shapeError("axes are required") }
            let rank = x.rank + axes.count
            let normalized = Set(axes.map { $0 < 0 ? $0 + rank : $0 })
            guard normalized.count == axes.count, normalized.allSatisfy({ $0 >= 0 && $0 < rank }) else {
                throw shapeError("invalid axes \(axes) for output rank \(rank)")
            }
            var shape: [Int] = []
            var source = x.shape.makeIterator()
            for i in 0..<rank { shape.append(normalized.contains(i) ? 1 : source.next()!) }
            return [context.alias(x, shape: shape)]
        }
        guard let axes else { return [context.alias(x, shape: x.shape.filter { $0 != 1 })] }
        let normalized = Set(axes.map { $0 < 0 ? $0 + x.rank : $0 })
        for axis in normalized {
            guard axis >= 0 && axis < x.rank, x.shape[axis] == 1 else {
                throw shapeError("cannot squeeze axis \(axis) of shape \(x.shape)")
            }
        }
        let shape = x.shape.enumerated().filter { !normalized.contains($0.offset) }.map(\.element)
        return [context.alias(x, shape: shape)]
    }
}

/// Shape: the input's dimensions as an int64 vector (with opset 15's start/end slice).
final class ShapeKernel: Kernel {
    let label: NodeLabel
    private let start: Int
    private let end: Int?

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        start = try context.node.int("start", default: 0)
        end = context.node.attributes["end"] == nil ? nil : try context.node.int("end")
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        func clamp(_ v: Int) -> Int { min(max(v < 0 ? v + x.rank : v, 0), x.rank) }
        let lower = clamp(start), upper = clamp(end ?? x.rank)
        let dims = lower < upper ? Array(x.shape[lower..<upper]) : []
        let output = try context.allocate([dims.count], .int64)
        for (i, d) in dims.enumerated() { output.int64s[i] = Int64(d) }
        return [output]
    }
}

/// Constant: the tensor held in one of its value attributes.
final class ConstantKernel: Kernel {
    let label: NodeLabel
    let value: Tensor

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        switch node.attributes.first?.key {
        case "value": value = try node.tensor("value")
        case "value_float": value = Tensor(shape: [], floats: [try node.float("value_float")])
        case "value_floats": let v = try node.floats("value_floats"); value = Tensor(shape: [v.count], floats: v)
        case "value_int": value = Tensor(shape: [], int64s: [Int64(try node.int("value_int"))])
        case "value_ints": let v = try node.ints("value_ints"); value = Tensor(shape: [v.count], int64s: v.map(Int64.init))
        case let other:
            throw context.invalidAttribute(other ?? "value", "is not a supported Constant value (value, value_float(s), value_int(s))")
        }
        if node.attributes.count != 1 {
            throw context.invalidAttribute("value", "exactly one value attribute must be given")
        }
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let output = try context.allocate(value.shape, value.elementType)
        switch value.storage {
        case .float32(let v): for i in v.indices { output.floats[i] = v[i] }
        case .int64(let v): for i in v.indices { output.int64s[i] = v[i] }
        }
        return [output]
    }
}
