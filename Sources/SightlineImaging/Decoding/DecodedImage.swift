// DecodedImage: what a format decoder hands back — the pixels as stored plus the EXIF
// orientation that ImageDecoder may then apply, and the size of the whole image as stored
// (larger than the pixels for a JPEG decoded at a reduced scale).

/// Pixels as stored in the file, before orientation is applied.
struct DecodedImage {
    var image: RGBImage
    var orientation: ImageOrientation
    /// The image's width and height in the file, as stored.
    var storedSize: ImageSize
}
