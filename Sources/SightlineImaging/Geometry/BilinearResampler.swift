// BilinearResampler: the two-pass (horizontal, then vertical) Pillow-compatible bilinear resize,
// computing only the output pixels inside a requested window so resize-then-crop costs only
// the crop. The arithmetic runs in C (CSightlineResample), with AVX2 where the CPU has it.
import CSightlineResample

enum BilinearResampler {
    /// The pixels inside `window` of `image` resized to `size`; identical to resizing the whole
    /// image and then cropping. `window` must lie inside `size`.
    static func resample(_ image: RGBImage, to size: ImageSize, window: ImageRect) -> RGBImage {
        precondition(size.width > 0 && size.height > 0, "Cannot resize to \(size)")
        precondition(window.isNonEmptyAndInside(size), "The window \(window) is not inside the \(size) output")
        let columns = window.x ..< window.x + window.width
        let rows = window.y ..< window.y + window.height
        let horizontal = size.width == image.width ? nil
            : BilinearWeights(inputSize: image.width, outputSize: size.width, outputs: columns)
        let vertical = size.height == image.height ? nil
            : BilinearWeights(inputSize: image.height, outputSize: size.height, outputs: rows)

        return image.pixels.withUnsafeBufferPointer { source in
            guard let vertical else {
                return RGBImage(width: window.width, height: window.height) { output in
                    horizontalPass(source, sourceWidth: image.width, rows: rows, columns: columns,
                                   weights: horizontal, into: output)
                }
            }
            // Only the source rows that the window's output rows read are resized horizontally.
            let sourceRows = vertical.inputRange
            let intermediateCount = sourceRows.count * window.width * 3
            let intermediate = [UInt8](unsafeUninitializedCapacity: intermediateCount) { buffer, initializedCount in
                horizontalPass(source, sourceWidth: image.width, rows: sourceRows, columns: columns,
                               weights: horizontal, into: UnsafeMutableBufferPointer(rebasing: buffer[0 ..< intermediateCount]))
                initializedCount = intermediateCount
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
        let rowStart = source.baseAddress! + rows.lowerBound * sourceWidth * 3
        weights.weights.withUnsafeBufferPointer { coefficients in
            weights.firstInput.withUnsafeBufferPointer { firstInput in
                weights.inputCount.withUnsafeBufferPointer { inputCount in
                    sl_resample_rows(rowStart, source.baseAddress! + source.count, sourceWidth * 3, Int32(rows.count),
                                     firstInput.baseAddress!, inputCount.baseAddress!, coefficients.baseAddress!,
                                     Int32(weights.taps), Int32(columns.count), output.baseAddress!)
                }
            }
        }
    }

    /// Resizes along y: each output row in `rows` is a weighted sum of whole rows of the
    /// horizontally resized `intermediate`, whose first row is source row `firstRow`.
    private static func verticalPass(_ intermediate: UnsafeBufferPointer<UInt8>, firstRow: Int, rowLength: Int,
                                     rows: Range<Int>, weights: BilinearWeights,
                                     into output: UnsafeMutableBufferPointer<UInt8>) {
        weights.weights.withUnsafeBufferPointer { coefficients in
            weights.firstInput.withUnsafeBufferPointer { firstInput in
                weights.inputCount.withUnsafeBufferPointer { inputCount in
                    sl_resample_columns(intermediate.baseAddress!, rowLength, firstRow, Int32(rows.count),
                                        firstInput.baseAddress!, inputCount.baseAddress!, coefficients.baseAddress!,
                                        Int32(weights.taps), output.baseAddress!)
                }
            }
        }
    }
}
