// ChannelBlockLayout: where a fused block's expanded rows lie when they are kept in channel
// blocks (see `sl_pointwise_blocked` in the kernels' header) — eight channels per pixel, each
// block a plane of rows wide enough for the depthwise window's zero border on both sides —
// and how that border is cleared.

import CSightlineKernels

struct ChannelBlockLayout {
    /// Blocks of eight channels.
    let blocks: Int
    /// Rows each block holds.
    let rows: Int
    /// Pixels per row: the depthwise window's left border, the image's columns, then as much
    /// right border as the windows reach.
    let rowPixels: Int
    /// Columns of zeros before the image's first column.
    let padLeft: Int
    /// The image's columns.
    let width: Int
    /// Floats from one block to the next: its rows, then the slack the depthwise kernel may read.
    let blockStride: Int

    static let lanes = Int(SL_CHANNEL_BLOCK)

    init(channels: Int, rows: Int, width: Int, geometry: sl_conv_geometry) {
        var geometry = geometry
        blocks = (channels + Self.lanes - 1) / Self.lanes
        self.rows = rows
        self.width = width
        padLeft = Int(geometry.pad_left)
        let windowColumns = Int((geometry.out_w - 1) * geometry.stride_w + (geometry.kernel_w - 1) * geometry.dilation_w + 1)
        rowPixels = max(windowColumns, padLeft + width)
        let slack = Int(sl_depthwise_blocked_slack_pixels(&geometry))
        // Whole cache lines per block.
        blockStride = ((rows * rowPixels + slack) * Self.lanes + 15) / 16 * 16
    }

    /// Floats the whole layout takes.
    var floats: Int { blocks * blockStride }

    /// Floats from a block's start to the image's column 0 in row `row`.
    func offset(row: Int) -> Int {
        (row * rowPixels + padLeft) * Self.lanes
    }

    /// Zeros the left and right border columns of every row and the slack, in blocks `range`.
    func clearBorders(_ base: UnsafeMutablePointer<Float>, blocks range: Range<Int>) {
        let right = rowPixels - padLeft - width
        for block in range {
            let plane = base + block * blockStride
            for row in 0..<rows {
                let start = plane + row * rowPixels * Self.lanes
                start.update(repeating: 0, count: padLeft * Self.lanes)
                (start + (padLeft + width) * Self.lanes).update(repeating: 0, count: right * Self.lanes)
            }
            (plane + rows * rowPixels * Self.lanes).update(repeating: 0, count: blockStride - rows * rowPixels * Self.lanes)
        }
    }

    /// Zeros whole rows `rowRange` (rows of the window's top or bottom border) in blocks `range`.
    func clearRows(_ base: UnsafeMutablePointer<Float>, rows rowRange: Range<Int>, blocks range: Range<Int>) {
        guard !rowRange.isEmpty else { return }
        for block in range {
            (base + block * blockStride + rowRange.lowerBound * rowPixels * Self.lanes)
                .update(repeating: 0, count: rowRange.count * rowPixels * Self.lanes)
        }
    }

    /// Moves rows `rowRange` of every block up to row 0 (the rows the next band shares).
    func shiftUp(_ base: UnsafeMutablePointer<Float>, rows rowRange: Range<Int>) {
        guard rowRange.lowerBound > 0, !rowRange.isEmpty else { return }
        for block in 0..<blocks {
            let plane = base + block * blockStride
            // The regions overlap, which `update(from:count:)` allows.
            plane.update(from: plane + rowRange.lowerBound * rowPixels * Self.lanes, count: rowRange.count * rowPixels * Self.lanes)
        }
    }
}
