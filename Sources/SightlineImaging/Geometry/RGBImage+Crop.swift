// RGBImage+Crop: cutting a rectangle out of an image, and the centred crop models expect.

extension RGBImage {
    /// The pixels inside `rect`, which must be non-empty and lie inside the image.
    public func cropped(to rect: ImageRect) -> RGBImage {
        precondition(rect.isNonEmptyAndInside(size), "Cannot crop \(rect) from a \(size) image")
        if rect == ImageRect(x: 0, y: 0, width: width, height: height) { return self }
        let rowLength = rect.width * 3
        return pixels.withUnsafeBufferPointer { source in
            RGBImage(width: rect.width, height: rect.height) { destination in
                for row in 0 ..< rect.height {
                    let start = ((rect.y + row) * width + rect.x) * 3
                    _ = UnsafeMutableBufferPointer(rebasing: destination[row * rowLength ..< (row + 1) * rowLength])
                        .initialize(from: source[start ..< start + rowLength])
                }
            }
        }
    }

    /// The central `width`×`height` pixels, placed as `ImageRect.centered(width:height:in:)`
    /// says (Pillow/torchvision rounding). The crop must fit inside the image.
    public func centerCropped(width: Int, height: Int) -> RGBImage {
        cropped(to: ImageRect.centered(width: width, height: height, in: size))
    }
}
