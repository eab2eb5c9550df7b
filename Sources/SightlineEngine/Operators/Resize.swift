// Resize: nearest-neighbour or (bi)linear resampling of the two innermost dimensions, with
// ONNX's coordinate transformation and nearest-rounding modes. Output size from `sizes`,
// or from `scales` (floor(input · scale)); leading dimensions must keep their size.

import Foundation

final class ResizeKernel: Kernel {
    enum Mode: String { case nearest, linear }
    enum Transformation: String {
        case halfPixel = "half_pixel", pytorchHalfPixel = "pytorch_half_pixel", alignCorners = "align_corners"
        case asymmetric, tfHalfPixelForNN = "tf_half_pixel_for_nn"
    }
    enum Rounding: String {
        case roundPreferFloor = "round_prefer_floor", roundPreferCeil = "round_prefer_ceil", floor, ceil
    }

    let label: NodeLabel
    private let mode: Mode
    private let transformation: Transformation
    private let rounding: Rounding

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        let modeName = try node.string("mode", default: "nearest")
        guard let mode = Mode(rawValue: modeName) else {
            throw context.invalidAttribute("mode", "'\(modeName)' is not supported (nearest or linear)")
        }
        let transformName = try node.string("coordinate_transformation_mode", default: "half_pixel")
        guard let transformation = Transformation(rawValue: transformName) else {
            throw context.invalidAttribute("coordinate_transformation_mode", "'\(transformName)' is not supported")
        }
        let roundingName = try node.string("nearest_mode", default: "round_prefer_floor")
        guard let rounding = Rounding(rawValue: roundingName) else {
            throw context.invalidAttribute("nearest_mode", "'\(roundingName)' is not supported")
        }
        if try node.int("exclude_outside", default: 0) != 0 {
            throw context.invalidAttribute("exclude_outside", "must be 0")
        }
        self.mode = mode
        self.transformation = transformation
        self.rounding = rounding
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        guard x.rank >= 2 else { throw shapeError("input must have at least 2 dimensions, got \(x.shape)") }
        let scalesValue = inputs.count > 2 ? inputs[2] : nil
        let sizesValue = inputs.count > 3 ? inputs[3] : nil
        var outShape = x.shape
        var scales = [Float](repeating: 1, count: x.rank)
        if let sizesValue, sizesValue.count > 0 {
            let sizes = try sizesValue.integers()
            guard sizes.count == x.rank, sizes.allSatisfy({ $0 > 0 }) else { throw shapeError("sizes \(sizes) do not fit rank \(x.rank)") }
            outShape = sizes
            for i in 0..<x.rank { scales[i] = Float(sizes[i]) / Float(x.shape[i]) }
        } else if let scalesValue, scalesValue.count > 0 {
            guard scalesValue.elementType == .float32, scalesValue.count == x.rank else {
                throw shapeError("scales must be \(x.rank) float32 values")
            }
            for i in 0..<x.rank {
                scales[i] = scalesValue.floats[i]
                guard scales[i] > 0 else { throw shapeError("scales must be positive, got \(scales[i])") }
                let size = (Float(x.shape[i]) * scales[i]).rounded(.down)
                guard size <= Float(ShapeBounds.maximumDimension) else {
                    throw shapeError("scale \(scales[i]) makes dimension \(i) (\(x.shape[i])) too large")
                }
                outShape[i] = Int(size)
            }
        } else {
            throw shapeError("one of scales or sizes must be given")
        }
        let r = x.rank
        guard outShape[..<(r - 2)] == x.shape[..<(r - 2)] else {
            throw shapeError("only the two innermost dimensions can be resized (\(x.shape) → \(outShape))")
        }
        let (inH, inW, outH, outW) = (x.shape[r - 2], x.shape[r - 1], outShape[r - 2], outShape[r - 1])
        guard (inH > 0 && inW > 0) || outH == 0 || outW == 0 else {
            throw shapeError("an empty \(inH)x\(inW) plane cannot be resized to \(outH)x\(outW)")
        }
        // Allocated first: the output's size is checked against the session's limit before the
        // index tables, one entry per output row and column, are built.
        let output = try context.allocate(outShape)
        let rowTable = table(input: inH, output: outH, scale: scales[r - 2])
        let colTable = table(input: inW, output: outW, scale: scales[r - 1])
        let planes = x.count / max(1, inH * inW)
        let px = x.floats, po = output.floats
        for p in 0..<planes {
            let src = px + p * inH * inW, dst = po + p * outH * outW
            for oh in 0..<outH {
                let (h0, h1, wh) = rowTable[oh]
                for ow in 0..<outW {
                    let (w0, w1, ww) = colTable[ow]
                    let top = src[h0 * inW + w0] + (src[h0 * inW + w1] - src[h0 * inW + w0]) * ww
                    let bottom = src[h1 * inW + w0] + (src[h1 * inW + w1] - src[h1 * inW + w0]) * ww
                    dst[oh * outW + ow] = top + (bottom - top) * wh
                }
            }
        }
        return [output]
    }

    /// For each output index: the two input indices and the weight of the second.
    private func table(input: Int, output: Int, scale: Float) -> [(Int, Int, Float)] {
        (0..<output).map { o in
            let x = Float(o)
            let original: Float
            switch transformation {
            case .halfPixel: original = (x + 0.5) / scale - 0.5
            case .pytorchHalfPixel: original = output > 1 ? (x + 0.5) / scale - 0.5 : 0
            case .alignCorners: original = output == 1 ? 0 : x * Float(input - 1) / Float(output - 1)
            case .asymmetric: original = x / scale
            case .tfHalfPixelForNN: original = (x + 0.5) / scale
            }
            switch mode {
            case .nearest:
                var index: Int
                switch rounding {
                case .roundPreferFloor:
                    index = original - original.rounded(.down) == 0.5 ? Int(original.rounded(.down)) : Int(original.rounded())
                case .roundPreferCeil: index = Int(original.rounded())
                case .floor: index = Int(original.rounded(.down))
                case .ceil: index = Int(original.rounded(.up))
                }
                index = min(max(index, 0), input - 1)
                return (index, index, 0)
            case .linear:
                let clamped = min(max(original, 0), Float(input - 1))
                let lower = Int(clamped.rounded(.down))
                let upper = min(lower + 1, input - 1)
                return (lower, upper, clamped - Float(lower))
            }
        }
    }
}
