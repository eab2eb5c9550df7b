// ConvolutionLayer: one trainable 2-D convolution of a detector head — stride 1, "same" zero
// padding, a 1×1 or odd square kernel — over one image stored as channel planes. Forward and
// backward passes unfold the input into columns and run the engine's GEMM; the backward pass
// gives the weights' and bias's gradients and, when asked, the input's.
import SightlineEngine

/// The shape of one convolution and where its weights and bias sit in a flat parameter vector
/// (weights [output][input][kernel][kernel], then one bias per output channel).
struct ConvolutionLayer: Sendable, Hashable {
    let inputChannels: Int
    let outputChannels: Int
    let kernelSize: Int
    /// The index of the first weight in the parameter vector.
    let offset: Int

    init(inputChannels: Int, outputChannels: Int, kernelSize: Int, offset: Int) {
        precondition(kernelSize >= 1 && kernelSize % 2 == 1, "a same-padded kernel has an odd size, got \(kernelSize)")
        self.inputChannels = inputChannels
        self.outputChannels = outputChannels
        self.kernelSize = kernelSize
        self.offset = offset
    }

    /// Values per output channel's filter: input channels × kernel area.
    var filterSize: Int { inputChannels * kernelSize * kernelSize }
    var weightCount: Int { outputChannels * filterSize }
    var parameterCount: Int { weightCount + outputChannels }
    /// The index of the first bias value in the parameter vector.
    var biasOffset: Int { offset + weightCount }
    /// The parameter index after this layer's.
    var end: Int { offset + parameterCount }

    /// Floats of the unfolded input for a plane of `pixels` (0 for a 1×1 kernel, which reads its input as is).
    func columnCount(pixels: Int) -> Int { kernelSize == 1 ? 0 : filterSize * pixels }

    /// The GEMM scratch the passes need for a plane of `pixels`.
    func scratchCount(pixels: Int) -> Int {
        max(MatrixProduct.scratchCount(m: outputChannels, k: filterSize),
            MatrixProduct.scratchCount(m: outputChannels, k: pixels),
            MatrixProduct.scratchCount(m: filterSize, k: outputChannels))
    }

    /// output [outputChannels][height·width] = weights · columns(input) + bias.
    func forward(parameters: UnsafePointer<Float>, input: UnsafePointer<Float>, height: Int, width: Int,
                 output: UnsafeMutablePointer<Float>, workspace: LayerWorkspace) {
        let pixels = height * width
        let columns = unfolded(input, height: height, width: width, into: workspace.columns)
        MatrixProduct.multiply(m: outputChannels, n: pixels, k: filterSize, a: parameters + offset, .normal,
                               b: columns, .normal, c: output, scratch: workspace.scratch)
        for channel in 0 ..< outputChannels {
            let bias = parameters[biasOffset + channel]
            let row = output + channel * pixels
            for pixel in 0 ..< pixels { row[pixel] += bias }
        }
    }

    /// Adds this image's gradients: the weights' and bias's to `parameterGradient` (at this
    /// layer's offset) and, when `inputGradient` is given, the input's to it.
    func backward(parameters: UnsafePointer<Float>, input: UnsafePointer<Float>, height: Int, width: Int,
                  outputGradient: UnsafePointer<Float>, parameterGradient: UnsafeMutablePointer<Float>,
                  inputGradient: UnsafeMutablePointer<Float>?, workspace: LayerWorkspace) {
        let pixels = height * width
        let columns = unfolded(input, height: height, width: width, into: workspace.columns)
        // dW = dY · columnsᵀ, summed into the gradient.
        MatrixProduct.multiply(m: outputChannels, n: filterSize, k: pixels, a: outputGradient, .normal,
                               b: columns, .transposed, c: workspace.product, scratch: workspace.scratch)
        VectorMath.addScaled(1, workspace.product, to: parameterGradient + offset, count: weightCount)
        for channel in 0 ..< outputChannels {
            let row = outputGradient + channel * pixels
            var sum: Float = 0
            for pixel in 0 ..< pixels { sum += row[pixel] }
            parameterGradient[biasOffset + channel] += sum
        }
        guard let inputGradient else { return }
        // dColumns = Wᵀ · dY, folded back onto the input's pixels.
        MatrixProduct.multiply(m: filterSize, n: pixels, k: outputChannels, a: parameters + offset, .transposed,
                               b: outputGradient, .normal, c: workspace.columnGradient, scratch: workspace.scratch)
        if kernelSize == 1 {
            VectorMath.addScaled(1, workspace.columnGradient, to: inputGradient, count: inputChannels * pixels)
        } else {
            fold(workspace.columnGradient, height: height, width: width, into: inputGradient)
        }
    }

    /// The input as GEMM columns: rows (channel, ky, kx), columns (y, x), zero outside the
    /// plane. A 1×1 kernel's columns are the input itself.
    private func unfolded(_ input: UnsafePointer<Float>, height: Int, width: Int,
                          into columns: UnsafeMutablePointer<Float>) -> UnsafePointer<Float> {
        guard kernelSize > 1 else { return input }
        // Everything outside the plane stays zero; the spans inside it are copied over.
        columns.update(repeating: 0, count: columnCount(pixels: height * width))
        forEachSpan(height: height, width: width) { column, pixel, count in
            (columns + column).update(from: input + pixel, count: count)
        }
        return UnsafePointer(columns)
    }

    /// Adds unfolded-column gradients back onto the input pixels they were read from.
    private func fold(_ columns: UnsafePointer<Float>, height: Int, width: Int, into input: UnsafeMutablePointer<Float>) {
        forEachSpan(height: height, width: width) { column, pixel, count in
            VectorMath.addScaled(1, columns + column, to: input + pixel, count: count)
        }
    }

    /// Every run of unfolded columns that reads input pixels: `body(column, pixel, count)` for
    /// the `count` columns from index `column` of the unfolded matrix, which read the input
    /// values from index `pixel` on (one row of one tap of one channel, clipped to the plane).
    private func forEachSpan(height: Int, width: Int, _ body: (Int, Int, Int) -> Void) {
        let pixels = height * width, pad = kernelSize / 2
        for channel in 0 ..< inputChannels {
            for ky in 0 ..< kernelSize {
                for kx in 0 ..< kernelSize {
                    let row = ((channel * kernelSize + ky) * kernelSize + kx) * pixels
                    let dx = kx - pad
                    let xStart = max(0, -dx), xEnd = min(width, width - dx)
                    guard xEnd > xStart else { continue }
                    for y in 0 ..< height {
                        let sourceY = y + ky - pad
                        guard sourceY >= 0, sourceY < height else { continue }
                        body(row + y * width + xStart, channel * pixels + sourceY * width + xStart + dx, xEnd - xStart)
                    }
                }
            }
        }
    }
}

/// The buffers one thread's convolutions reuse, sized for the largest layer and plane.
final class LayerWorkspace {
    let columns: UnsafeMutablePointer<Float>
    let columnGradient: UnsafeMutablePointer<Float>
    let product: UnsafeMutablePointer<Float>
    let scratch: UnsafeMutablePointer<Float>
    private let sizes: (Int, Int, Int, Int)

    init(layers: [ConvolutionLayer], pixels: Int) {
        let columnCount = layers.map { $0.columnCount(pixels: pixels) }.max() ?? 0
        let gradientCount = layers.map { $0.filterSize * pixels }.max() ?? 0
        let productCount = layers.map(\.weightCount).max() ?? 0
        let scratchCount = layers.map { $0.scratchCount(pixels: pixels) }.max() ?? 0
        sizes = (max(1, columnCount), max(1, gradientCount), max(1, productCount), max(1, scratchCount))
        columns = .allocate(capacity: sizes.0)
        columnGradient = .allocate(capacity: sizes.1)
        product = .allocate(capacity: sizes.2)
        scratch = .allocate(capacity: sizes.3)
    }

    deinit {
        columns.deallocate()
        columnGradient.deallocate()
        product.deallocate()
        scratch.deallocate()
    }
}
