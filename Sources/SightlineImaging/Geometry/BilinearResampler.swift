// BilinearResampler: the two-pass (horizontal, then vertical) Pillow-compatible bilinear resize,
// computing only the output pixels inside a requested window so resize-then-crop costs only
// the crop.

enum BilinearResampler {
    /// The pixels inside `window` of `image` resized to `size`; identical to resizing the whole
    /// image and then cropping. `window` must lie inside `size`.
    static func resample(_ image: RGBImage, to size: ImageSize, window: ImageRect) -> RGBImage {
        precondition(size.width > 0 && size.height > 0, "Cannot resize to \(size)")
        precondition(window.isNonEmptyAndInside(size), "The window \(window) is not inside the \(size) output")
        let horizontal = size.width == image.width ? nil
            : BilinearWeights(inputSize: image.width, outputSize: size.width)
        let vertical = size.height == image.height ? nil
            : BilinearWeights(inputSize: image.height, outputSize: size.height)
        let columns = window.x ..< window.x + window.width
        let rows = window.y ..< window.y + window.height

        return image.pixels.withUnsafeBufferPointer { source in
            guard let vertical else {
                return RGBImage(width: window.width, height: window.height) { output in
                    horizontalPass(source, sourceWidth: image.width, rows: rows, columns: columns,
                                   weights: horizontal, into: output)
                }
            }
            // Only the source rows that the window's output rows read are resized horizontally.
            let sourceRows = vertical.inputRange(for: rows)
            var intermediate = [UInt8](repeating: 0, count: sourceRows.count * window.width * 3)
            intermediate.withUnsafeMutableBufferPointer { buffer in
                horizontalPass(source, sourceWidth: image.width, rows: sourceRows, columns: columns,
                               weights: horizontal, into: buffer)
            }
            return intermediate.withUnsafeBufferPointer { intermediate in
                RGBImage(width: window.width, height: window.height) { output in
                    verticalPass(intermediate, firstRow: sourceRows.lowerBound, rowLength: window.width * 3,
                                 rows: rows, weights: vertical, into: output)
                }
            }
        }
    }

    /// Resizes `rows` of the source along x, writing output `columns` of each row one after
    /// another into `output`; with no weights (same width) the columns are copied.
    private static func horizontalPass(_ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, rows: Range<Int>,
                                       columns: Range<Int>, weights: BilinearWeights?,
                                       into output: UnsafeMutableBufferPointer<UInt8>) {
        let outputRowLength = columns.count * 3
        guard let weights else {
            for (index, row) in rows.enumerated() {
                let start = (row * sourceWidth + columns.lowerBound) * 3
                _ = UnsafeMutableBufferPointer(rebasing: output[index * outputRowLength ..< (index + 1) * outputRowLength])
                    .initialize(from: source[start ..< start + outputRowLength])
            }
            return
        }
        let taps = weights.taps
        weights.weights.withUnsafeBufferPointer { coefficients in
            weights.firstInput.withUnsafeBufferPointer { firstInput in
                weights.inputCount.withUnsafeBufferPointer { inputCount in
                    var out = 0
                    for row in rows {
                        let rowStart = row * sourceWidth * 3
                        for column in columns {
                            var red = BilinearWeights.rounding, green = red, blue = red
                            var input = rowStart + firstInput[column] * 3
                            let weightStart = column * taps
                            for tap in 0 ..< inputCount[column] {
                                let weight = coefficients[weightStart + tap]
                                red &+= Int32(source[input]) &* weight
                                green &+= Int32(source[input + 1]) &* weight
                                blue &+= Int32(source[input + 2]) &* weight
                                input += 3
                            }
                            output[out] = BilinearWeights.sample(fromSum: red)
                            output[out + 1] = BilinearWeights.sample(fromSum: green)
                            output[out + 2] = BilinearWeights.sample(fromSum: blue)
                            out += 3
                        }
                    }
                }
            }
        }
    }

    /// Resizes along y: each output row in `rows` is a weighted sum of whole rows of the
    /// horizontally resized `intermediate`, whose first row is source row `firstRow`.
    private static func verticalPass(_ intermediate: UnsafeBufferPointer<UInt8>, firstRow: Int, rowLength: Int,
                                     rows: Range<Int>, weights: BilinearWeights,
                                     into output: UnsafeMutableBufferPointer<UInt8>) {
        var sums = [Int32](repeating: 0, count: rowLength)
        sums.withUnsafeMutableBufferPointer { sums in
            for (index, row) in rows.enumerated() {
                sums.update(repeating: BilinearWeights.rounding)
                let first = weights.firstInput[row] - firstRow
                for tap in 0 ..< weights.inputCount[row] {
                    let weight = weights.weights[row * weights.taps + tap]
                    let inputStart = (first + tap) * rowLength
                    for sample in 0 ..< rowLength {
                        sums[sample] &+= Int32(intermediate[inputStart + sample]) &* weight
                    }
                }
                let outputStart = index * rowLength
                for sample in 0 ..< rowLength {
                    output[outputStart + sample] = BilinearWeights.sample(fromSum: sums[sample])
                }
            }
        }
    }
}
