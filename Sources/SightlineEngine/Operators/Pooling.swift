// MaxPool, AveragePool, GlobalAveragePool and GlobalMaxPool over the two spatial
// dimensions of NCHW tensors, with padding, strides, dilations (max) and ceil mode.
// MaxPool runs in the C kernels; average pooling, rare in the models we run, is here.

import CSightlineKernels

final class PoolKernel: Kernel {
    enum Mode { case max, average }

    let label: NodeLabel
    private let mode: Mode
    private let window: SpatialWindow
    private let countIncludePad: Bool

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        mode = node.opType == "MaxPool" ? .max : .average
        let kernel = try node.ints("kernel_shape")
        guard kernel.count == 2 else {
            throw context.invalidAttribute("kernel_shape", "only 2-D pooling is supported, got \(kernel)")
        }
        window = try SpatialWindow(context, kernel: kernel, allowCeilMode: true)
        countIncludePad = try node.int("count_include_pad", default: 0) != 0
        if mode == .average && window.dilations != [1, 1] {
            throw context.invalidAttribute("dilations", "are not supported for AveragePool")
        }
        if node.outputs.count > 1 && !node.outputs[1].isEmpty {
            throw context.invalidAttribute("Indices", "output of MaxPool is not supported")
        }
        if try node.int("storage_order", default: 0) != 0 {
            throw context.invalidAttribute("storage_order", "must be 0 (row major)")
        }
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        guard x.rank == 4 else { throw shapeError("input must be 4-D NCHW, got shape \(x.shape)") }
        let (height, width) = (x.shape[2], x.shape[3])
        let rows = window.output(axis: 0, size: height)
        let cols = window.output(axis: 1, size: width)
        guard rows.size > 0, cols.size > 0 else { throw shapeError("input \(height)x\(width) is smaller than the window") }
        let planes = x.shape[0] * x.shape[1]
        let output = try context.allocate([x.shape[0], x.shape[1], rows.size, cols.size])
        let px = x.floats, po = output.floats
        let (kh, kw) = (window.kernel[0], window.kernel[1])
        let (sh, sw) = (window.strides[0], window.strides[1])
        let (dh, dw) = (window.dilations[0], window.dilations[1])
        let outH = rows.size, outW = cols.size
        if mode == .max {
            var geometry = sl_conv_geometry(
                channels: Int32(planes), in_h: Int32(height), in_w: Int32(width), out_h: Int32(outH), out_w: Int32(outW),
                kernel_h: Int32(kh), kernel_w: Int32(kw), stride_h: Int32(sh), stride_w: Int32(sw),
                dilation_h: Int32(dh), dilation_w: Int32(dw), pad_top: Int32(rows.padBegin), pad_left: Int32(cols.padBegin))
            sl_max_pool(px, po, Int32(planes), &geometry, context.threadPool.pool)
            return [output]
        }
        let includePad = countIncludePad
        context.threadPool.parallelRanges(planes, minimumPerTask: max(1, 8192 / max(1, outH * outW))) { range in
            for p in range {
                let plane = px + p * height * width
                let out = po + p * outH * outW
                for oh in 0..<outH {
                    let h0 = oh * sh - rows.padBegin
                    for ow in 0..<outW {
                        let w0 = ow * sw - cols.padBegin
                        let hStart = max(h0, 0), hEnd = min(h0 + kh, height)
                        let wStart = max(w0, 0), wEnd = min(w0 + kw, width)
                        var sum: Float = 0
                        if hStart < hEnd && wStart < wEnd {
                            for h in hStart..<hEnd {
                                for w in wStart..<wEnd { sum += plane[h * width + w] }
                            }
                        }
                        let count: Int
                        if includePad {
                            let hLimit = min(h0 + kh, height + rows.padEnd), wLimit = min(w0 + kw, width + cols.padEnd)
                            count = (hLimit - h0) * (wLimit - w0)
                        } else {
                            count = max(0, hEnd - hStart) * max(0, wEnd - wStart)
                        }
                        out[oh * outW + ow] = count > 0 ? sum / Float(count) : 0
                    }
                }
            }
        }
        return [output]
    }
}

final class GlobalPoolKernel: Kernel {
    let label: NodeLabel
    private let isMax: Bool

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        isMax = context.node.opType == "GlobalMaxPool"
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        guard x.rank >= 3 else { throw shapeError("input must be N x C x spatial…, got shape \(x.shape)") }
        let planes = x.shape[0] * x.shape[1]
        let size = x.shape[2...].reduce(1, *)
        let output = try context.allocate([x.shape[0], x.shape[1]] + Array(repeating: 1, count: x.rank - 2))
        let px = x.floats, po = output.floats
        let isMax = self.isMax
        context.threadPool.parallelRanges(planes, minimumPerTask: max(1, 16384 / max(1, size))) { range in
            for p in range {
                let plane = px + p * size
                if isMax {
                    var best = -Float.infinity
                    for i in 0..<size { best = max(best, plane[i]) }
                    po[p] = best
                } else {
                    var sum: Float = 0
                    for i in 0..<size { sum += plane[i] }
                    po[p] = sum / Float(size)
                }
            }
        }
        return [output]
    }
}
