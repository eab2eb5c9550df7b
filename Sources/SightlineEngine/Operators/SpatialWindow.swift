// SpatialWindow: the sliding-window arithmetic shared by Conv, MaxPool and AveragePool —
// kernel size, strides, dilations, explicit or automatic ("SAME_UPPER", …) padding and
// ceil mode — turned into output sizes and leading pads for a given input size.

struct SpatialWindow {
    enum AutoPad: String {
        case notSet = "NOTSET", sameUpper = "SAME_UPPER", sameLower = "SAME_LOWER", valid = "VALID"
    }

    var kernel: [Int]
    var strides: [Int]
    var dilations: [Int]
    /// ONNX order: all begins, then all ends.
    var pads: [Int]
    var autoPad: AutoPad
    var ceilMode: Bool

    /// Reads the window attributes of `node`; `kernel` comes from the weights for Conv.
    init(_ context: CompileContext, kernel: [Int], allowCeilMode: Bool) throws {
        let node = context.node
        let spatial = kernel.count
        self.kernel = kernel
        strides = try node.ints("strides", default: Array(repeating: 1, count: spatial))
        dilations = try node.ints("dilations", default: Array(repeating: 1, count: spatial))
        pads = try node.ints("pads", default: Array(repeating: 0, count: 2 * spatial))
        let autoPadName = try node.string("auto_pad", default: "NOTSET")
        guard let autoPad = AutoPad(rawValue: autoPadName) else {
            throw context.invalidAttribute("auto_pad", "has unsupported value '\(autoPadName)' (NOTSET, SAME_UPPER, SAME_LOWER or VALID)")
        }
        self.autoPad = autoPad
        ceilMode = try node.int("ceil_mode", default: 0) != 0
        if ceilMode && !allowCeilMode {
            throw context.invalidAttribute("ceil_mode", "is not supported for this operator")
        }
        guard strides.count == spatial, strides.allSatisfy({ $0 > 0 }) else {
            throw context.invalidAttribute("strides", "must have \(spatial) positive values, got \(strides)")
        }
        guard dilations.count == spatial, dilations.allSatisfy({ $0 > 0 }) else {
            throw context.invalidAttribute("dilations", "must have \(spatial) positive values, got \(dilations)")
        }
        guard pads.count == 2 * spatial, pads.allSatisfy({ $0 >= 0 }) else {
            throw context.invalidAttribute("pads", "must have \(2 * spatial) non-negative values, got \(pads)")
        }
        guard kernel.allSatisfy({ $0 > 0 }) else {
            throw context.invalidAttribute("kernel_shape", "must be positive, got \(kernel)")
        }
        // Sizes the kernels can index (32-bit), which also keeps the window arithmetic below
        // from overflowing.
        for (name, values) in [("kernel_shape", kernel), ("strides", strides), ("dilations", dilations), ("pads", pads)]
        where values.contains(where: { $0 > ShapeBounds.maximumDimension }) {
            throw context.invalidAttribute(name, "has a value above \(ShapeBounds.maximumDimension): \(values)")
        }
    }

    /// Output size and leading pad along axis `axis` for an input of `size`.
    func output(axis: Int, size: Int) -> (size: Int, padBegin: Int, padEnd: Int) {
        let extent = (kernel[axis] - 1) * dilations[axis] + 1
        let stride = strides[axis]
        switch autoPad {
        case .valid:
            return (max(0, (size - extent) / stride + 1), 0, 0)
        case .sameUpper, .sameLower:
            let out = (size + stride - 1) / stride
            let total = max(0, (out - 1) * stride + extent - size)
            let begin = autoPad == .sameUpper ? total / 2 : total - total / 2
            return (out, begin, total - begin)
        case .notSet:
            let begin = pads[axis], end = pads[axis + kernel.count]
            let span = size + begin + end - extent
            if span < 0 { return (0, begin, end) }
            var out = ceilMode ? (span + stride - 1) / stride + 1 : span / stride + 1
            // With ceil mode the last window must start inside the input or leading pad.
            if ceilMode && (out - 1) * stride >= size + begin { out -= 1 }
            return (out, begin, end)
        }
    }
}
