// MBConvBlock: the internal FusedMBConv operator — an inverted-residual block (an optional 1×1
// expansion, a depthwise convolution, a 1×1 projection with an optional residual) joined by
// MBConvFusion. When the block's inner activations are large, it runs on bands of output rows
// (each image's rows in two chunks, which the threads share out): the expansion computes just
// the input rows a band's depthwise window reads (keeping the rows the next band shares), then
// the depthwise and the projection run while those rows are still in the core's cache, so the
// wide inner tensors never travel to memory. Blocks on small planes, blocks whose windows
// overlap by more than two rows (5×5), and blocks whose bands would be only a few hundred
// pixels run whole: each thread expands a share of the inner channels and runs their
// depthwise windows, then the projection is spread over the pool — or, with channel blocks,
// each thread projects the inner channels it computed and the two parts' sums are added.
//
// Where the vector kernels run and the inner channels come in whole blocks of eight, the
// expansion writes channel blocks (`ChannelBlockLayout`): eight channels per pixel with the
// depthwise window's zero border, which the depthwise kernel reads as they are — on planes it
// first interleaves every block's rows itself. Each pair of blocks (two pairs with AVX-512) is
// convolved right after it is expanded (`sl_expand_depthwise_blocked`), so whole-plane blocks
// need a buffer of two pairs per thread.
//
// Node layout: input 0 is the block's input; then four inputs per stage (weights, bias,
// residual, slope; "" when absent). Each stage's Conv attributes carry its name and a dot as a
// prefix ("depthwise.strides"); the "stages" attribute lists the stages in order.

import CSightlineKernels

final class MBConvKernel: Kernel {
    let label: NodeLabel
    private let expand: ConvKernel?
    private let depthwise: ConvKernel
    private let project: ConvKernel
    /// Index of the projection's residual input.
    private let residualInput: Int
    private let prepacked: Set<Int>

    static let stageNames = ["expand", "depthwise", "project"]
    /// Blocks whose expanded input or depthwise output takes at least this many bytes per image
    /// run in bands; below it the stages stay in cache anyway.
    static let bandedInnerBytes = 1 << 20
    /// Bands pay off only when consecutive bands' windows share at most this many input rows
    /// (3×3 windows): Lite0's 5×5 stride-2 block measured slower in bands than whole.
    static let bandedSharedRows = 2
    /// Bytes of expanded rows one band holds (with `bandOutputBytes`, well inside a core's L2).
    private static let bandInputBytes = 512 * 1024
    /// Bytes of depthwise output one band holds when there is no expansion.
    private static let bandOutputBytes = 128 * 1024
    /// Blocks whose bands would hold fewer output pixels than this run whole: their matrices
    /// are too small to multiply well (Lite2's blocks.7, 33×33 to 17×17 through 288 channels,
    /// bands of 6 × 17 pixels, ran 13 % faster whole; Lite0's smallest bands, 5 × 56, gain).
    static let minimumBandPixels = 256
    /// Each image's output rows are cut into this many chunks (threads share them out) whatever
    /// the thread count or batch, so that an image's result does not depend on either: GEMM
    /// tiles at a band's end round differently from whole ones.
    static let rowChunks = 2
    /// Inner channels are shared out among a whole block's tasks in multiples of this: whole
    /// GEMM row panels (`SL_GEMM_PANEL_ROWS`, 6) and whole blocks of the depthwise kernel's eight
    /// channels, so that every channel is computed as in a single task.
    static let channelUnit = 24
    /// Whole-plane blocks whose expansion writes channel blocks run in this many parts of their
    /// inner channels (`runWholeInBlocks`), whatever the thread count.
    static let depthParts = 2

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        let stages = try node.strings("stages")
        guard stages == Self.stageNames || stages == Array(Self.stageNames.dropFirst()) else {
            throw context.invalidAttribute("stages", "must be \(Self.stageNames) or its last two, got \(stages)")
        }
        guard node.inputs.count == 1 + 4 * stages.count else {
            throw EngineError.shapeMismatch(node: node.name, op: node.opType, reason:
                "has \(node.inputs.count) inputs; \(stages.count) stages need \(1 + 4 * stages.count)")
        }
        func stage(_ index: Int) throws -> ConvKernel {
            let prefix = stages[index] + "."
            var attributes: [String: Attribute] = [:]
            for (key, value) in node.attributes where key.hasPrefix(prefix) {
                attributes[String(key.dropFirst(prefix.count))] = value
            }
            let inputs = [index == 0 ? node.inputs[0] : ""] + node.inputs[(1 + 4 * index)..<(5 + 4 * index)]
            let stageNode = Node(name: "\(node.name) (\(stages[index]))", opType: "FusedConv",
                                 domain: OperatorRegistry.internalDomain, inputs: Array(inputs), outputs: [],
                                 attributes: attributes)
            let kernel = try ConvKernel(CompileContext(node: stageNode, opset: context.opset, constants: context.constants),
                                        channelBlocks: index == 0 && stages.count == 3)
            guard kernel.isSelfContained else {
                throw context.invalidAttribute("stages", "the \(stages[index]) stage needs constant weights, bias and slopes")
            }
            if index < stages.count - 1, stageNode.input(3) != nil {
                throw context.invalidAttribute("stages", "only the projection may add a residual")
            }
            return kernel
        }
        let kernels = try stages.indices.map { try stage($0) }
        let prepacked = kernels.enumerated().reduce(into: Set<Int>()) { inputs, stage in
            inputs.formUnion(stage.element.prepackedInputs.map { 4 * stage.offset + $0 })
        }
        expand = stages.count == 3 ? kernels[0] : nil
        depthwise = kernels[kernels.count - 2]
        project = kernels[kernels.count - 1]
        residualInput = 4 * stages.count - 1
        self.prepacked = prepacked
        let inner = depthwise.weightShape[0]
        guard depthwise.isDepthwise, project.isPointwise, expand?.isPointwise ?? true else {
            throw context.invalidAttribute("stages", "must be a 1×1 expansion, a depthwise convolution and a 1×1 projection")
        }
        guard expand.map({ $0.weightShape[0] == inner }) ?? true, project.weightShape[1] == inner else {
            throw EngineError.shapeMismatch(node: node.name, op: node.opType, reason:
                "the stages' channels disagree: expansion \(expand?.weightShape ?? []), depthwise \(depthwise.weightShape), "
                + "projection \(project.weightShape)")
        }
    }

    var prepackedInputs: Set<Int> { prepacked }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        guard x.rank == 4 else { throw shapeError("input must be 4-D NCHW, got shape \(x.shape)") }
        let (batch, channels, height, width) = (x.shape[0], x.shape[1], x.shape[2], x.shape[3])
        guard height > 0, width > 0 else { throw shapeError("input \(height)x\(width) has no pixels") }
        let inner = depthwise.weightShape[0]
        let expected = expand?.weightShape[1] ?? inner
        guard channels == expected else { throw shapeError("input has \(channels) channels, the block expects \(expected)") }
        let geometry = try depthwise.depthwiseGeometry(height: height, width: width)
        let shape = BlockShape(batch: batch, channels: channels, inner: inner, outputChannels: project.weightShape[0],
                               height: height, width: width, geometry: geometry)
        let residual = inputs.count > residualInput ? inputs[residualInput] : nil
        let output = try context.allocate([batch, shape.outputChannels, shape.outHeight, shape.outWidth])
        if let residual, residual.shape != output.shape {
            throw shapeError("residual of shape \(residual.shape) does not match the output \(output.shape)")
        }
        let blocked = expand?.writesChannelBlocks ?? false
        switch (bandRows(shape), blocked) {
        case (let bandRows?, true): try runBandedInBlocks(x, residual, output, shape, bandRows: bandRows, context)
        case (let bandRows?, false): try runBanded(x, residual, output, shape, bandRows: bandRows, context)
        case (nil, true): try runWholeInBlocks(x, residual, output, shape, context)
        case (nil, false): try runWhole(x, residual, output, shape, context)
        }
        return [output]
    }

    /// Output rows per band when the block runs in bands, nil when it runs whole.
    private func bandRows(_ shape: BlockShape) -> Int? {
        let innerBytes = 4 * shape.inner * max(expand == nil ? 0 : shape.inPlane, shape.outPlane)
        guard innerBytes >= Self.bandedInnerBytes, shape.extent - shape.stride <= Self.bandedSharedRows else {
            return nil
        }
        let rows: Int
        if expand != nil {
            let inputRows = max(shape.extent, Self.bandInputBytes / (4 * shape.inner * shape.width))
            rows = min(shape.outHeight, max(1, (inputRows - shape.extent) / shape.stride + 1))
        } else {
            rows = min(shape.outHeight, max(1, Self.bandOutputBytes / (4 * shape.inner * shape.outWidth)))
        }
        return rows * shape.outWidth >= Self.minimumBandPixels ? rows : nil
    }

    /// Sizes of one run of the block.
    private struct BlockShape {
        let batch, channels, inner, outputChannels, height, width: Int
        let geometry: sl_conv_geometry
        var outHeight: Int { Int(geometry.out_h) }
        var outWidth: Int { Int(geometry.out_w) }
        var inPlane: Int { height * width }
        var outPlane: Int { outHeight * outWidth }
        /// Input rows one output row's window spans.
        var extent: Int { Int((geometry.kernel_h - 1) * geometry.dilation_h + 1) }
        var stride: Int { Int(geometry.stride_h) }
        var padTop: Int { Int(geometry.pad_top) }
    }

    /// The projection of one image's depthwise output `middle` (`pixels` of its planes, starting
    /// at output row `row0`) into `output`, with the residual, on the calling thread or the pool.
    private func project(_ middle: UnsafeMutablePointer<Float>, image n: Int, row0: Int, pixels: Int,
                         _ residual: RuntimeValue?, _ output: RuntimeValue, _ shape: BlockShape, pool: OpaquePointer?) {
        let offset = n * shape.outputChannels * shape.outPlane + row0 * shape.outWidth
        project.pointwise(middle, inputStride: pixels, columns: pixels, into: output.floats + offset,
                          outputStride: shape.outPlane, residual: residual.map { UnsafePointer($0.floats + offset) },
                          pool: pool)
    }

    /// Expands `rows` input rows from `input` (image rows, channel planes `inPlane` apart) into
    /// the blocks at block row `row`, then runs the depthwise convolution over `geometry` from
    /// the blocks into `middle`, for inner channels `channels`, two blocks at a time
    /// (`sl_expand_depthwise_blocked`); `bufferBlocks` of the layout's blocks are reused in turn.
    private func expandAndConvolve(_ channels: Range<Int>, _ input: UnsafePointer<Float>, rows: Int, row: Int,
                                   layout: ChannelBlockLayout, blocks: UnsafeMutablePointer<Float>, bufferBlocks: Int,
                                   geometry: sl_conv_geometry, into middle: UnsafeMutablePointer<Float>, _ shape: BlockShape,
                                   pixelsPacked: Bool = false) {
        guard let expand else { return }
        var (expandWeights, expandEpilogue) = expand.stageParameters
        var (depthwiseFilters, depthwiseEpilogue) = depthwise.blockedStageParameters
        var geometry = geometry
        sl_expand_depthwise_blocked(Int32(shape.channels), expandWeights, &expandEpilogue,
                                    input, shape.inPlane, shape.width, Int32(rows), Int32(shape.width),
                                    blocks, Int32(bufferBlocks), layout.blockStride, layout.rowPixels,
                                    layout.offset(row: row), depthwiseFilters, &geometry, &depthwiseEpilogue, middle,
                                    Int32(channels.lowerBound), Int32(channels.upperBound), pixelsPacked ? 1 : 0)
    }

    /// `runWhole` with the expansion writing channel blocks, in `depthParts` parts of the inner
    /// channels (cut at whole blocks): each part is expanded and convolved one or two pairs of
    /// blocks after another in a padded plane of four blocks, which stays in its core's cache, and then
    /// projected — its share of the projection's sum, from the inner channels it just computed.
    /// The first part's sum goes to the output, the second's to a buffer; then the two are added
    /// and the bias, residual and activation applied. With two threads each takes a part, and
    /// neither reads the other's inner channels or waits between its depthwise and its
    /// projection (sharing the projection's rows out instead, each thread packed every inner
    /// channel, half of them from the other core's cache). The parts do not depend on the
    /// thread count, so neither do the results.
    private func runWholeInBlocks(_ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue,
                                  _ shape: BlockShape, _ context: ExecutionContext) throws {
        let paddedRows = max((shape.outHeight - 1) * shape.stride + shape.extent, shape.padTop + shape.height)
        let unit = ChannelBlockLayout.lanes
        // Two panels of 16 channels: the AVX-512 expansion's tiles take both at once.
        let layout = ChannelBlockLayout(channels: 4 * unit, rows: paddedRows, width: shape.width, geometry: shape.geometry)
        let middle = try context.scratchFloats(shape.inner * shape.outPlane)
        let units = (shape.inner + unit - 1) / unit
        let parts = min(Self.depthParts, units)
        let tasks = min(parts, context.threadPool.threads)
        let buffers = try context.scratchFloats(tasks * layout.floats)
        let partial = parts > 1 ? try context.scratchFloats(shape.outputChannels * shape.outPlane) : nil
        var geometry = shape.geometry
        geometry.in_h = Int32(paddedRows)
        for n in 0..<shape.batch {
            let source = UnsafePointer(x.floats + n * shape.channels * shape.inPlane)
            let offset = n * shape.outputChannels * shape.outPlane
            context.threadPool.parallelFor(tasks) { task in
                let blocks = buffers + task * layout.floats
                if n == 0 {
                    layout.clearBorders(blocks, blocks: 0..<layout.blocks)
                    layout.clearRows(blocks, rows: 0..<shape.padTop, blocks: 0..<layout.blocks)
                    layout.clearRows(blocks, rows: (shape.padTop + shape.height)..<paddedRows, blocks: 0..<layout.blocks)
                }
                let mine = (parts * task / tasks)..<(parts * (task + 1) / tasks)
                for part in mine {
                    // A task's later parts use the input pixels its first part packed.
                    let channels = (units * part / parts * unit)..<min(shape.inner, units * (part + 1) / parts * unit)
                    expandAndConvolve(channels, source, rows: shape.height, row: shape.padTop, layout: layout, blocks: blocks,
                                      bufferBlocks: layout.blocks, geometry: geometry, into: middle, shape,
                                      pixelsPacked: part > mine.lowerBound)
                    guard let partial else {
                        project(middle, image: n, row0: 0, pixels: shape.outPlane, residual, output, shape, pool: nil)
                        continue
                    }
                    project.pointwise(depths: channels, middle + channels.lowerBound * shape.outPlane,
                                      inputStride: shape.outPlane, columns: shape.outPlane,
                                      into: part == 0 ? output.floats + offset : partial, outputStride: shape.outPlane)
                }
            }
            guard let partial else { continue }
            context.threadPool.parallelFor(tasks) { task in
                let channels = (shape.outputChannels * task / tasks)..<(shape.outputChannels * (task + 1) / tasks)
                project.finishPointwise(channels: channels, output.floats + offset, partial: partial, columns: shape.outPlane,
                                        stride: shape.outPlane, residual: residual.map { UnsafePointer($0.floats + offset) })
            }
        }
    }

    /// `runBanded` with the expansion writing channel blocks.
    private func runBandedInBlocks(_ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue,
                                   _ shape: BlockShape, bandRows: Int, _ context: ExecutionContext) throws {
        let chunks = min(Self.rowChunks, shape.outHeight)
        let units = shape.batch * chunks
        let tasks = min(units, context.threadPool.threads)
        let layout = ChannelBlockLayout(channels: shape.inner, rows: (bandRows - 1) * shape.stride + shape.extent,
                                        width: shape.width, geometry: shape.geometry)
        let taskFloats = layout.floats + shape.inner * bandRows * shape.outWidth
        let scratch = try context.scratchFloats(tasks * taskFloats)
        context.threadPool.parallelFor(tasks) { task in
            let blocks = scratch + task * taskFloats
            layout.clearBorders(blocks, blocks: 0..<layout.blocks)
            for unit in (units * task / tasks)..<(units * (task + 1) / tasks) {
                let n = unit / chunks, chunk = unit % chunks
                let rows = (shape.outHeight * chunk / chunks)..<(shape.outHeight * (chunk + 1) / chunks)
                runBandsInBlocks(rows, image: n, bandRows: bandRows, layout: layout, blocks: blocks,
                                 middle: blocks + layout.floats, x, residual, output, shape)
            }
        }
    }

    /// Output rows `rows` of image `n`, `bandRows` at a time, on the calling thread. Block row r
    /// holds input row `held.lowerBound + r` (zeros outside the image); a band keeps the rows it
    /// shares with the one before and expands the rest.
    private func runBandsInBlocks(_ rows: Range<Int>, image n: Int, bandRows: Int, layout: ChannelBlockLayout,
                                  blocks: UnsafeMutablePointer<Float>, middle: UnsafeMutablePointer<Float>,
                                  _ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue, _ shape: BlockShape) {
        let input = UnsafePointer(x.floats + n * shape.channels * shape.inPlane)
        let all = 0..<layout.blocks
        var held = 0..<0
        var row0 = rows.lowerBound
        while row0 < rows.upperBound {
            let row1 = min(rows.upperBound, row0 + bandRows)
            let first = row0 * shape.stride - shape.padTop
            let end = (row1 - 1) * shape.stride - shape.padTop + shape.extent
            var start = first
            if held.contains(first) {
                layout.shiftUp(blocks, rows: (first - held.lowerBound)..<held.count)
                start = held.upperBound
            }
            // Rows [start, end) are new: the image's are expanded, the border's are zeros.
            let inside = min(max(start, 0), end)..<max(min(max(start, 0), end), min(end, shape.height))
            layout.clearRows(blocks, rows: (start - first)..<(inside.lowerBound - first), blocks: all)
            layout.clearRows(blocks, rows: (max(start, inside.upperBound) - first)..<(end - first), blocks: all)
            if end - first < layout.rows {
                // A short last band: the kernel's reads past its last row land on the next one.
                layout.clearRows(blocks, rows: (end - first)..<(end - first + 1), blocks: all)
            }
            held = first..<end
            var band = shape.geometry
            band.out_h = Int32(row1 - row0)
            band.in_h = Int32(end - first)
            expandAndConvolve(0..<shape.inner, input + inside.lowerBound * shape.width, rows: inside.count,
                              row: inside.lowerBound - first, layout: layout, blocks: blocks, bufferBlocks: layout.blocks,
                              geometry: band, into: middle, shape)
            project(middle, image: n, row0: row0, pixels: (row1 - row0) * shape.outWidth, residual, output, shape, pool: nil)
            row0 = row1
        }
    }

    /// The three stages on whole planes. With an expansion, each task expands its share of the
    /// inner channels and runs their depthwise windows straight away, while those planes are
    /// still in its core's cache (one join instead of two, and no plane written by one core and
    /// read by the other); then the projection, which reads every inner channel, runs over the
    /// pool.
    private func runWhole(_ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue,
                          _ shape: BlockShape, _ context: ExecutionContext) throws {
        let pool = context.threadPool.pool
        let expanded = try expand == nil ? nil : context.scratchFloats(shape.inner * shape.inPlane)
        let middle = try context.scratchFloats(shape.inner * shape.outPlane)
        let units = (shape.inner + Self.channelUnit - 1) / Self.channelUnit
        let tasks = min(units, context.threadPool.threads)
        for n in 0..<shape.batch {
            let source = UnsafePointer(x.floats + n * shape.channels * shape.inPlane)
            if let expand, let expanded {
                context.threadPool.parallelFor(tasks) { task in
                    let channels = (units * task / tasks * Self.channelUnit)
                        ..< min(shape.inner, units * (task + 1) / tasks * Self.channelUnit)
                    expand.pointwise(channels: channels, source, inputStride: shape.inPlane, columns: shape.inPlane,
                                     into: expanded, outputStride: shape.inPlane)
                    depthwise.depthwise(channels: channels, expanded, geometry: shape.geometry, into: middle)
                }
            } else {
                depthwise.depthwise(source, geometry: shape.geometry, into: middle, pool: pool)
            }
            project(middle, image: n, row0: 0, pixels: shape.outPlane, residual, output, shape, pool: pool)
        }
    }

    /// Bands of output rows: each image's rows in `rowChunks` chunks, the chunks shared out
    /// among the threads, each thread running its chunks' bands one after another.
    private func runBanded(_ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue,
                           _ shape: BlockShape, bandRows: Int, _ context: ExecutionContext) throws {
        let threads = context.threadPool.threads
        let chunks = min(Self.rowChunks, shape.outHeight)
        let units = shape.batch * chunks
        let tasks = min(units, threads)
        let bufferRows = expand == nil ? 0 : (bandRows - 1) * shape.stride + shape.extent
        let bufferFloats = shape.inner * bufferRows * shape.width
        let taskFloats = bufferFloats + shape.inner * bandRows * shape.outWidth
        let scratch = try context.scratchFloats(tasks * taskFloats)
        context.threadPool.parallelFor(tasks) { task in
            let buffer = scratch + task * taskFloats
            let middle = buffer + bufferFloats
            for unit in (units * task / tasks)..<(units * (task + 1) / tasks) {
                let n = unit / chunks, chunk = unit % chunks
                let rows = (shape.outHeight * chunk / chunks)..<(shape.outHeight * (chunk + 1) / chunks)
                runBands(rows, image: n, bandRows: bandRows, buffer: buffer, bufferRows: bufferRows, middle: middle,
                         x, residual, output, shape)
            }
        }
    }

    /// Output rows `rows` of image `n`, `bandRows` at a time, on the calling thread.
    private func runBands(_ rows: Range<Int>, image n: Int, bandRows: Int,
                          buffer: UnsafeMutablePointer<Float>, bufferRows: Int, middle: UnsafeMutablePointer<Float>,
                          _ x: RuntimeValue, _ residual: RuntimeValue?, _ output: RuntimeValue, _ shape: BlockShape) {
        let input = UnsafePointer(x.floats + n * shape.channels * shape.inPlane)
        let (width, outWidth, stride) = (shape.width, shape.outWidth, shape.stride)
        let padTop = Int(shape.geometry.pad_top)
        let bufferPlane = bufferRows * width
        var held = 0..<0   // input rows in the buffer, from its first row
        var row0 = rows.lowerBound
        while row0 < rows.upperBound {
            let row1 = min(rows.upperBound, row0 + bandRows)
            let count = row1 - row0
            // Input rows the band's windows span, and the part of them inside the image.
            let first = row0 * stride - padTop
            let end = (row1 - 1) * stride - padTop + shape.extent
            var band = shape.geometry
            band.out_h = Int32(count)
            if let expand {
                let low = min(max(0, first), shape.height)
                let needed = low..<max(low, min(shape.height, end))
                var start = needed.lowerBound
                if held.contains(needed.lowerBound) {
                    let shift = needed.lowerBound - held.lowerBound
                    if shift > 0 {
                        for c in 0..<shape.inner {
                            let plane = buffer + c * bufferPlane
                            // The regions overlap, which `update(from:count:)` allows.
                            plane.update(from: plane + shift * width, count: (held.upperBound - needed.lowerBound) * width)
                        }
                    }
                    start = held.upperBound
                }
                if needed.upperBound > start {
                    expand.pointwise(input + start * width, inputStride: shape.inPlane,
                                     columns: (needed.upperBound - start) * width,
                                     into: buffer + (start - needed.lowerBound) * width, outputStride: bufferPlane,
                                     residual: nil, pool: nil)
                }
                // Rows past the image's bottom edge are padding: zeros.
                let filled = needed.count
                if end - needed.lowerBound > filled && filled < bufferRows {
                    for c in 0..<shape.inner {
                        (buffer + c * bufferPlane + filled * width).update(repeating: 0, count: (bufferRows - filled) * width)
                    }
                }
                band.in_h = Int32(bufferRows)
                band.pad_top = Int32(needed.lowerBound - first)
                depthwise.depthwise(buffer, geometry: band, into: middle, pool: nil)
                held = needed
            } else {
                band.pad_top = Int32(-first)
                depthwise.depthwise(input, geometry: band, into: middle, pool: nil)
            }
            project(middle, image: n, row0: row0, pixels: count * outWidth, residual, output, shape, pool: nil)
            row0 = row1
        }
    }
}
