// Conv (and the internal FusedConv): 2-D convolution on NCHW tensors. Four paths:
// depthwise (one filter per channel) runs a direct kernel; 1x1 stride-1 unpadded
// convolutions are a single GEMM on the input as it lies; a batch of eight or more small
// images runs eight at a time, one image per vector lane (`sl_conv_lanes`); everything else
// unfolds the input (im2col) and runs a GEMM per group — per band of an image's rows, or, for
// a short batch of small images, per few images side by side. Constant weights are packed
// once, here.

import CSightlineKernels

final class ConvKernel: Kernel {
    let label: NodeLabel
    private let window: SpatialWindow
    private let group: Int
    let weightShape: [Int]                    // [M, C/group, kh, kw]
    private let activation: FusedActivation
    let isDepthwise: Bool
    let isPointwise: Bool
    /// Packed GEMM panels per group, or the raw depthwise filters; nil when weights are a runtime input.
    private let packedWeights: UnsafeMutablePointer<Float>?
    /// Constant depthwise filters packed by block for `sl_expand_depthwise_blocked`.
    private let packedFilters: UnsafeMutablePointer<Float>?
    private let packedGroupStride: Int
    private let constantBias: UnsafeMutablePointer<Float>?
    /// How many values `constantBias` holds; it must be one per output channel.
    private let constantBiasCount: Int
    private let constantSlope: UnsafeMutablePointer<Float>?
    /// A bias input that is not a constant (given at run time).
    private let hasRuntimeBias: Bool
    /// True when the 1×1 weights are packed for `sl_expand_depthwise_blocked` instead of the GEMM.
    let writesChannelBlocks: Bool

    /// `channelBlocks`: the expansion of a fused block asks to write channel blocks
    /// (`sl_expand_depthwise_blocked`) rather than planes. Its constant 1×1 weights are packed for
    /// that when the vector kernels run, the output channels are whole blocks of eight and the
    /// activation is one the blocked kernel applies; the portable loops keep the planes (in
    /// blocks they ran Lite0 1.2 and Lite2 1.35 times slower).
    init(_ context: CompileContext, channelBlocks: Bool = false) throws {
        let node = context.node
        label = NodeLabel(node)
        group = try node.int("group", default: 1)
        activation = try FusedActivation(context)
        guard group >= 1 else { throw context.invalidAttribute("group", "must be at least 1, got \(group)") }

        let weights = context.constantInput(1)
        var kernel = try node.ints("kernel_shape", default: [])
        if let weights {
            guard weights.rank == 4 else {
                throw context.invalidAttribute("kernel_shape", "only 2-D convolution is supported (weights of shape \(weights.shape))")
            }
            guard weights.elementType == .float32 else {
                throw EngineError.unsupportedElementType(tensor: node.inputs[1], type: weights.elementType.rawValue)
            }
            if kernel.isEmpty { kernel = Array(weights.shape[2...]) }
            guard kernel == Array(weights.shape[2...]) else {
                throw context.invalidAttribute("kernel_shape", "\(kernel) disagrees with the weights' shape \(weights.shape)")
            }
            guard weights.shape[0] % group == 0 else {
                throw context.invalidAttribute("group", "\(group) does not divide the \(weights.shape[0]) output channels")
            }
            weightShape = weights.shape
        } else {
            guard kernel.count == 2 else {
                throw context.invalidAttribute("kernel_shape", "must be given (2 values) when the weights are not constant")
            }
            weightShape = []
        }
        window = try SpatialWindow(context, kernel: kernel, allowCeilMode: false)
        if kernel.count != 2 {
            throw context.invalidAttribute("kernel_shape", "only 2-D convolution is supported, got \(kernel.count)-D")
        }

        let outputChannels = weightShape.first ?? 0
        let bias = context.constantInput(2)
        // A constant bias is read by the C kernels one value per output channel, so a count that
        // disagrees with constant weights is refused here, before anything runs.
        if let bias, weights != nil, bias.count != outputChannels {
            throw EngineError.shapeMismatch(node: node.name, op: node.opType, reason:
                "bias '\(node.inputs[2])' has \(bias.count) values for the \(outputChannels) output channels of weights \(weightShape)")
        }
        isDepthwise = weights != nil && group > 1 && weightShape[1] == 1 && outputChannels == group
        isPointwise = weights != nil && group == 1 && kernel == [1, 1] && window.strides == [1, 1]
            && window.pads.allSatisfy { $0 == 0 } && window.autoPad != .sameLower && window.autoPad != .sameUpper

        writesChannelBlocks = channelBlocks && isPointwise && sl_kernels_vectorised() != 0
            && outputChannels % Int(SL_CHANNEL_BLOCK) == 0 && activation.kind != SL_ACT_SIGMOID
        if let weights {
            let values = weights.floats
            if writesChannelBlocks {
                let (rows, depth) = (outputChannels, weights.shape[1])
                let pointer = UnsafeMutablePointer<Float>.allocate(capacity: Int(sl_pointwise_blocked_packed_size(Int32(rows), Int32(depth))))
                values.withUnsafeBufferPointer { sl_pointwise_blocked_pack($0.baseAddress!, Int32(rows), Int32(depth), pointer) }
                packedWeights = pointer
                packedGroupStride = 0
            } else if isDepthwise {
                let pointer = UnsafeMutablePointer<Float>.allocate(capacity: values.count)
                pointer.initialize(from: values, count: values.count)
                packedWeights = pointer
                packedGroupStride = 0
            } else {
                let groups = group
                let rows = outputChannels / groups
                let depth = weights.shape[1] * kernel[0] * kernel[1]
                let stride = Int(sl_gemm_packed_a_size(Int32(rows), Int32(depth)))
                let pointer = UnsafeMutablePointer<Float>.allocate(capacity: max(1, stride * groups))
                values.withUnsafeBufferPointer { source in
                    for g in 0..<groups {
                        sl_gemm_pack_a(source.baseAddress! + g * rows * depth, depth, 1,
                                       Int32(rows), Int32(depth), pointer + g * stride)
                    }
                }
                packedWeights = pointer
                packedGroupStride = stride
            }
        } else {
            packedWeights = nil
            packedGroupStride = 0
        }
        if isDepthwise, let packedWeights {
            let taps = Int32(kernel[0] * kernel[1])
            let filters = UnsafeMutablePointer<Float>.allocate(capacity: Int(sl_depthwise_blocked_filters_size(Int32(outputChannels), taps)))
            sl_depthwise_blocked_pack_filters(packedWeights, Int32(outputChannels), taps, filters)
            packedFilters = filters
        } else {
            packedFilters = nil
        }
        constantBias = ConvKernel.copy(bias)
        constantBiasCount = bias?.count ?? 0
        hasRuntimeBias = bias == nil && node.input(2) != nil
        constantSlope = ConvKernel.copy(context.constantInput(4))
    }

    var prepackedInputs: Set<Int> {
        var inputs: Set<Int> = []
        if packedWeights != nil { inputs.insert(1) }
        if constantBias != nil { inputs.insert(2) }
        if constantSlope != nil { inputs.insert(4) }
        return inputs
    }

    /// True when weights, bias and slopes were all constant, so the kernel can run as a stage
    /// of a fused block (`pointwise`, `depthwise`) without its runtime inputs.
    var isSelfContained: Bool {
        packedWeights != nil && !hasRuntimeBias && (activation.kind != SL_ACT_PRELU || constantSlope != nil)
    }

    /// Batches of at least this many small images run eight at a time, one image per vector
    /// lane (`sl_conv_lanes`), when a group's padded input and a panel of its output fit in
    /// `lanesBytes`.
    private static let lanes = 8
    private static let lanesBytes = 1024 * 1024

    /// Bytes of unfolded input per band: about half of a core's L2 cache.
    private static let bandBytes = 256 * 1024
    /// A batch's images whose unfolded inputs are this small are multiplied several at a time
    /// (`runSideBySide`), as many as fit in this many bytes.
    private static let sideBySideBytes = 256 * 1024

    deinit {
        packedWeights?.deallocate()
        packedFilters?.deallocate()
        constantBias?.deallocate()
        constantSlope?.deallocate()
    }

    private static func copy(_ tensor: Tensor?) -> UnsafeMutablePointer<Float>? {
        guard let tensor, tensor.elementType == .float32 else { return nil }
        let values = tensor.floats
        let pointer = UnsafeMutablePointer<Float>.allocate(capacity: max(1, values.count))
        pointer.initialize(from: values, count: values.count)
        return pointer
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        let w = packedWeights == nil ? try requiredFloat(inputs, 1) : nil
        guard x.rank == 4 else { throw shapeError("input must be 4-D NCHW, got shape \(x.shape)") }
        let shape = w?.shape ?? weightShape
        guard shape.count == 4 else { throw shapeError("weights must be 4-D, got shape \(shape)") }
        let (batch, channels, height, width) = (x.shape[0], x.shape[1], x.shape[2], x.shape[3])
        let outputChannels = shape[0]
        guard channels == shape[1] * group, outputChannels % group == 0 else {
            throw shapeError("input has \(channels) channels but weights \(shape) with group \(group) expect \(shape[1] * group)")
        }
        let rows = window.output(axis: 0, size: height)
        let cols = window.output(axis: 1, size: width)
        guard rows.size > 0, cols.size > 0 else {
            throw shapeError("input \(height)x\(width) is smaller than the kernel window")
        }
        let bias: UnsafeMutablePointer<Float>?
        if let constantBias {
            guard constantBiasCount == outputChannels else {
                throw shapeError("bias has \(constantBiasCount) values for \(outputChannels) channels")
            }
            bias = constantBias
        } else if let b = inputs.count > 2 ? inputs[2] : nil {
            guard b.count == outputChannels else { throw shapeError("bias has \(b.count) values for \(outputChannels) channels") }
            bias = b.floats
        } else { bias = nil }
        let residual = inputs.count > 3 ? inputs[3] : nil
        let slope: UnsafeMutablePointer<Float>? = constantSlope ?? (inputs.count > 4 ? inputs[4]?.floats : nil)
        if activation.kind == SL_ACT_PRELU && slope == nil { throw shapeError("PRelu slope is missing") }

        let output = try context.allocate([batch, outputChannels, rows.size, cols.size])
        if let residual, residual.shape != output.shape {
            throw shapeError("residual of shape \(residual.shape) does not match the output \(output.shape)")
        }
        let outPlane = rows.size * cols.size
        let inPlane = height * width
        let perGroupIn = channels / group
        let perGroupOut = outputChannels / group
        var geometry = sl_conv_geometry(
            channels: Int32(isDepthwise ? channels : perGroupIn), in_h: Int32(height), in_w: Int32(width),
            out_h: Int32(rows.size), out_w: Int32(cols.size),
            kernel_h: Int32(shape[2]), kernel_w: Int32(shape[3]),
            stride_h: Int32(window.strides[0]), stride_w: Int32(window.strides[1]),
            dilation_h: Int32(window.dilations[0]), dilation_w: Int32(window.dilations[1]),
            pad_top: Int32(rows.padBegin), pad_left: Int32(cols.padBegin))
        let pool = context.threadPool.pool
        let depth = perGroupIn * shape[2] * shape[3]

        // Weights given at run time are packed per run.
        var packed = packedWeights
        var groupStride = packedGroupStride
        if packed == nil {
            groupStride = Int(sl_gemm_packed_a_size(Int32(perGroupOut), Int32(depth)))
            let scratch = try context.scratchFloats(max(1, groupStride * group))
            for g in 0..<group {
                sl_gemm_pack_a(w!.floats + g * perGroupOut * depth, depth, 1, Int32(perGroupOut), Int32(depth),
                               scratch + g * groupStride)
            }
            packed = scratch
        }
        if !isDepthwise && !isPointwise && residual == nil && group == 1 && batch >= Self.lanes,
           sl_conv_lanes_scratch_floats(&geometry) * 4 <= Self.lanesBytes {
            var epilogue = sl_epilogue(bias: bias.map { UnsafePointer($0) }, residual: nil,
                                       activation: Int32(activation.kind.rawValue), p0: activation.p0,
                                       p1: activation.p1, slope: slope.map { UnsafePointer($0) })
            sl_conv_lanes(x.floats, channels * inPlane, Int32(batch), &geometry, packed, Int32(outputChannels),
                          &epilogue, output.floats, outputChannels * outPlane, pool)
            return [output]
        }
        if !isDepthwise && !isPointwise && residual == nil && batch > 1 {
            let perProduct = min(batch, Self.sideBySideBytes / max(1, 4 * depth * outPlane))
            if perProduct >= 2 {
                try runSideBySide(x, into: output, perProduct: perProduct, geometry: geometry, weights: packed!,
                                  groupStride: groupStride, bias: bias, slope: slope, context)
                return [output]
            }
        }
        // Unfolded input is built a band of output rows at a time, sized to stay in cache;
        // each thread takes one run of consecutive bands, unfolding and multiplying them one
        // after another in its own buffer. So in every run the caller (claiming first) usually
        // unfolds into the same buffer and writes the same top rows, and the worker likewise:
        // with four tasks per thread claimed in turn, buffers and bands changed cores from run
        // to run, and Lite2's stem with two threads took 0.46 ms instead of 0.32 (a whole run
        // 1.0-1.5 % longer). The next block's row chunks read the rows on the core that wrote
        // them (the caller's are on top); swapping the halves cost 0.3 %. The rows are cut
        // into an even number of bands of equal height (to a row), so that two threads end
        // level: Lite0's stem had five bands of 21 rows and one of 7, one thread running 63
        // rows and the other 49. The cut does not depend on the thread count, so neither does
        // the result.
        let tallestBand = max(1, min(rows.size, Self.bandBytes / max(1, depth * cols.size * 4)))
        var bandCount = (rows.size + tallestBand - 1) / tallestBand
        if bandCount > 1, bandCount % 2 == 1, bandCount < rows.size { bandCount += 1 }
        let bandRows = (rows.size + bandCount - 1) / bandCount
        let bandTasks = (isDepthwise || isPointwise) ? 0
            : min(bandCount, batch * outPlane * depth * perGroupOut < 65536 ? 1 : context.threadPool.threads)
        let bandSize = depth * bandRows * cols.size
        let columns = try bandTasks == 0 ? nil : context.scratchFloats(bandTasks * bandSize)

        for n in 0..<batch {
            let input = x.floats + n * channels * inPlane
            let out = output.floats + n * outputChannels * outPlane
            let res = residual.map { $0.floats + n * outputChannels * outPlane }
            if isDepthwise {
                // A fused residual goes between the bias and the activation.
                let fused = FusedActivation(kind: res == nil ? activation.kind : SL_ACT_NONE,
                                            p0: activation.p0, p1: activation.p1)
                var epilogue = sl_epilogue(bias: bias, residual: nil, activation: Int32(fused.kind.rawValue),
                                           p0: fused.p0, p1: fused.p1, slope: slope)
                sl_depthwise_conv(input, packed, out, &geometry, &epilogue, pool)
                if let res {
                    var finish = sl_epilogue(bias: nil, residual: nil, activation: Int32(activation.kind.rawValue),
                                             p0: activation.p0, p1: activation.p1, slope: slope)
                    for c in 0..<outputChannels {
                        sl_apply_epilogue(out + c * outPlane, 0, 1, Int32(outPlane), Int32(c), &finish,
                                          res + c * outPlane, 0)
                    }
                }
                continue
            }
            for g in 0..<group {
                let weights = packed! + g * groupStride
                let groupOut = out + g * perGroupOut * outPlane
                let groupResidual = res.map { UnsafePointer($0 + g * perGroupOut * outPlane) }
                let groupBias = bias.map { UnsafePointer($0 + g * perGroupOut) }
                let groupSlope = slope.map { UnsafePointer($0 + g * perGroupOut) }
                if isPointwise {
                    var epilogue = sl_epilogue(bias: groupBias, residual: groupResidual,
                                               activation: Int32(activation.kind.rawValue),
                                               p0: activation.p0, p1: activation.p1, slope: groupSlope)
                    sl_gemm_packed(Int32(perGroupOut), Int32(outPlane), Int32(depth), weights,
                                   input, outPlane, 1, groupOut, outPlane, 1, &epilogue, pool)
                    continue
                }
                let groupInput = input + g * perGroupIn * inPlane
                let (activation, geometry, outW) = (self.activation, geometry, cols.size)
                context.threadPool.parallelFor(bandTasks) { task in
                    let buffer = columns! + task * bandSize
                    for band in (bandCount * task / bandTasks)..<(bandCount * (task + 1) / bandTasks) {
                        let first = rows.size * band / bandCount
                        let count = rows.size * (band + 1) / bandCount - first
                        var bandGeometry = geometry
                        bandGeometry.out_h = Int32(count)
                        bandGeometry.pad_top = geometry.pad_top - Int32(first) * geometry.stride_h
                        sl_im2col(groupInput, &bandGeometry, buffer, count * outW)
                        let offset = first * outW
                        var epilogue = sl_epilogue(bias: groupBias, residual: groupResidual.map { $0 + offset },
                                                   activation: Int32(activation.kind.rawValue),
                                                   p0: activation.p0, p1: activation.p1, slope: groupSlope)
                        sl_gemm_packed(Int32(perGroupOut), Int32(count * outW), Int32(depth), weights,
                                       buffer, count * outW, 1, groupOut + offset, outPlane, 1, &epilogue, nil)
                    }
                }
            }
        }
        return [output]
    }

    /// A batch of small images, `perProduct` at a time: each task unfolds that many images side
    /// by side (each row of the unfolded matrix holds one image's columns after another's),
    /// multiplies them with the weights in one product, and copies each image's rows to its
    /// place in the output. One product per image would leave a partly filled 16-column tile at
    /// every image's end and pay a product's setup per image (MTCNN's R-Net: 808 crops of
    /// 24×24, whose later layers give 9×9 and 3×3 planes). The groups of images do not depend
    /// on the thread count, so neither do the results.
    private func runSideBySide(_ x: RuntimeValue, into output: RuntimeValue, perProduct: Int, geometry: sl_conv_geometry,
                               weights: UnsafeMutablePointer<Float>, groupStride: Int, bias: UnsafeMutablePointer<Float>?,
                               slope: UnsafeMutablePointer<Float>?, _ context: ExecutionContext) throws {
        let (batch, channels) = (x.shape[0], x.shape[1])
        let inPlane = x.shape[2] * x.shape[3]
        let outputChannels = output.shape[1]
        let outPlane = output.shape[2] * output.shape[3]
        let (perGroupIn, perGroupOut) = (channels / group, outputChannels / group)
        let depth = perGroupIn * Int(geometry.kernel_h) * Int(geometry.kernel_w)
        let products = (batch + perProduct - 1) / perProduct
        let tasks = min(products, context.threadPool.threads)
        let columnFloats = depth * perProduct * outPlane
        let taskFloats = columnFloats + perGroupOut * perProduct * outPlane
        let scratch = try context.scratchFloats(tasks * taskFloats)
        let activation = self.activation
        context.threadPool.parallelFor(tasks) { task in
            let columns = scratch + task * taskFloats
            let product = columns + columnFloats
            var geometry = geometry
            for index in (products * task / tasks)..<(products * (task + 1) / tasks) {
                let images = (index * perProduct)..<min(batch, (index + 1) * perProduct)
                let width = images.count * outPlane
                for g in 0..<group {
                    for (slot, n) in images.enumerated() {
                        sl_im2col(x.floats + n * channels * inPlane + g * perGroupIn * inPlane, &geometry,
                                  columns + slot * outPlane, width)
                    }
                    var epilogue = sl_epilogue(bias: bias.map { UnsafePointer($0 + g * perGroupOut) }, residual: nil,
                                               activation: Int32(activation.kind.rawValue), p0: activation.p0,
                                               p1: activation.p1, slope: slope.map { UnsafePointer($0 + g * perGroupOut) })
                    sl_gemm_packed(Int32(perGroupOut), Int32(width), Int32(depth), weights + g * groupStride,
                                   columns, width, 1, product, width, 1, &epilogue, nil)
                    for (slot, n) in images.enumerated() {
                        let image = output.floats + (n * outputChannels + g * perGroupOut) * outPlane
                        for m in 0..<perGroupOut {
                            (image + m * outPlane).update(from: product + m * width + slot * outPlane, count: outPlane)
                        }
                    }
                }
            }
        }
    }

    // MARK: Stages of a fused block

    /// The epilogue with this convolution's constant bias, activation and slopes.
    private func stageEpilogue(residual: UnsafePointer<Float>? = nil) -> sl_epilogue {
        sl_epilogue(bias: constantBias.map { UnsafePointer($0) }, residual: residual,
                    activation: Int32(activation.kind.rawValue), p0: activation.p0, p1: activation.p1,
                    slope: constantSlope.map { UnsafePointer($0) })
    }

    /// This 1×1 convolution (`isPointwise`, `isSelfContained`) on `columns` pixels: input channel
    /// rows lie `inputStride` floats apart, output rows `outputStride` apart, and the residual,
    /// if any, is laid out like the output.
    func pointwise(_ input: UnsafePointer<Float>, inputStride: Int, columns: Int,
                   into output: UnsafeMutablePointer<Float>, outputStride: Int,
                   residual: UnsafePointer<Float>?, pool: OpaquePointer?) {
        var epilogue = stageEpilogue(residual: residual)
        sl_gemm_packed(Int32(weightShape[0]), Int32(columns), Int32(weightShape[1]), packedWeights,
                       input, inputStride, 1, output, outputStride, 1, &epilogue, pool)
    }

    /// Output channels `channels` of `pointwise(…)` on the calling thread, the same bits as a
    /// whole run computes for them; `output` is where channel 0's row starts. The range must
    /// start and end on whole GEMM row panels (`SL_GEMM_PANEL_ROWS`), or end at the last channel.
    func pointwise(channels: Range<Int>, _ input: UnsafePointer<Float>, inputStride: Int, columns: Int,
                   into output: UnsafeMutablePointer<Float>, outputStride: Int) {
        var epilogue = stageEpilogue()
        sl_gemm_packed_rows(Int32(weightShape[0]), Int32(columns), Int32(weightShape[1]), packedWeights,
                            Int32(channels.lowerBound), Int32(channels.upperBound),
                            input, inputStride, 1, output, outputStride, 1, &epilogue)
    }

    /// Input channels `depths` of `pointwise(…)`'s product on the calling thread, without the
    /// bias, residual or activation: `input` is channel `depths.lowerBound`'s row. A product
    /// summed from such parts, then `finishPointwise`, is what one run computes up to rounding.
    func pointwise(depths: Range<Int>, _ input: UnsafePointer<Float>, inputStride: Int, columns: Int,
                   into output: UnsafeMutablePointer<Float>, outputStride: Int) {
        sl_gemm_packed_depths(Int32(weightShape[0]), Int32(columns), Int32(weightShape[1]), packedWeights,
                              Int32(depths.lowerBound), Int32(depths.upperBound),
                              input, inputStride, 1, output, outputStride, 1, nil)
    }

    /// Output channels `channels` of a product summed from two parts: adds `partial` to `output`
    /// (both laid out like the output, `output` and `partial` where channel 0's row starts),
    /// then this stage's bias, residual and activation.
    func finishPointwise(channels: Range<Int>, _ output: UnsafeMutablePointer<Float>, partial: UnsafePointer<Float>,
                         columns: Int, stride: Int, residual: UnsafePointer<Float>?) {
        let first = channels.lowerBound * stride
        var epilogue = stageEpilogue()
        sl_sum_epilogue(output + first, partial + first, stride, Int32(channels.count), Int32(columns),
                        Int32(channels.lowerBound), &epilogue, residual.map { $0 + first }, stride)
    }

    /// The packed weights and the epilogue of this stage (`isSelfContained`) for a C kernel that
    /// runs it; both stay valid while the kernel lives.
    var stageParameters: (weights: UnsafePointer<Float>?, epilogue: sl_epilogue) {
        (packedWeights.map { UnsafePointer($0) }, stageEpilogue())
    }

    /// This depthwise stage's filters packed by block (`sl_depthwise_blocked_pack_filters`) and its
    /// epilogue, for `sl_expand_depthwise_blocked`; both stay valid while the kernel lives.
    var blockedStageParameters: (filters: UnsafePointer<Float>?, epilogue: sl_epilogue) {
        (packedFilters.map { UnsafePointer($0) }, stageEpilogue())
    }

    /// The geometry of this depthwise convolution (`isDepthwise`) over a whole
    /// `height` × `width` plane, or an error when the plane is smaller than the window.
    func depthwiseGeometry(height: Int, width: Int) throws -> sl_conv_geometry {
        let rows = window.output(axis: 0, size: height)
        let cols = window.output(axis: 1, size: width)
        guard rows.size > 0, cols.size > 0 else {
            throw shapeError("input \(height)x\(width) is smaller than the kernel window")
        }
        return sl_conv_geometry(
            channels: Int32(weightShape[0]), in_h: Int32(height), in_w: Int32(width),
            out_h: Int32(rows.size), out_w: Int32(cols.size),
            kernel_h: Int32(weightShape[2]), kernel_w: Int32(weightShape[3]),
            stride_h: Int32(window.strides[0]), stride_w: Int32(window.strides[1]),
            dilation_h: Int32(window.dilations[0]), dilation_w: Int32(window.dilations[1]),
            pad_top: Int32(rows.padBegin), pad_left: Int32(cols.padBegin))
    }

    /// This depthwise convolution (`isDepthwise`, `isSelfContained`) over `geometry`, which may
    /// describe a band of the plane.
    func depthwise(_ input: UnsafePointer<Float>, geometry: sl_conv_geometry,
                   into output: UnsafeMutablePointer<Float>, pool: OpaquePointer?) {
        var geometry = geometry
        var epilogue = stageEpilogue()
        sl_depthwise_conv(input, packedWeights, output, &geometry, &epilogue, pool)
    }

    /// Channels `channels` of `depthwise(…)` over a whole-plane `geometry`, on the calling
    /// thread; `input` and `output` are where channel 0's planes start. The same bits as a
    /// whole run when the range starts on a block of eight channels.
    func depthwise(channels: Range<Int>, _ input: UnsafePointer<Float>, geometry: sl_conv_geometry,
                   into output: UnsafeMutablePointer<Float>) {
        var part = geometry
        part.channels = Int32(channels.count)
        let first = channels.lowerBound
        let inPlane = Int(geometry.in_h) * Int(geometry.in_w), outPlane = Int(geometry.out_h) * Int(geometry.out_w)
        var epilogue = stageEpilogue()
        epilogue.bias = epilogue.bias.map { $0 + first }
        epilogue.slope = epilogue.slope.map { $0 + first }
        sl_depthwise_conv(input + first * inPlane, packedWeights.map { UnsafePointer($0) + first * weightShape[2] * weightShape[3] },
                          output + first * outPlane, &part, &epilogue, nil)
    }
}
