// RGBImage+Resize: antialiased resizing that reproduces Pillow's `Image.resize(size, BILINEAR)`.

extension RGBImage {
    /// The image resized to `width`×`height` with an antialiased bilinear filter, matching
    /// Pillow's `Image.resize((width, height), Image.BILINEAR)`: when shrinking, each output
    /// pixel averages all the input pixels it covers (a triangle filter widened by the scale
    /// factor), so small outputs don't alias.
    public func resized(width: Int, height: Int) -> RGBImage {
        resized(width: width, height: height, croppingTo: ImageRect(x: 0, y: 0, width: width, height: height))
    }

    /// The same pixels as `resized(width:height:).cropped(to: crop)`, computed without
    /// resizing the parts outside `crop`. `crop` must lie inside `width`×`height`.
    public func resized(width: Int, height: Int, croppingTo crop: ImageRect) -> RGBImage {
        BilinearResampler.resample(self, to: ImageSize(width: width, height: height), window: crop)
    }
}
