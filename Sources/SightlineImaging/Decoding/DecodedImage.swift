// DecodedImage: what a format decoder hands back — the pixels as stored plus the EXIF
// orientation that ImageDecoder may then apply.

/// Pixels as stored in the file, before orientation is applied.
struct DecodedImage {
    var image: RGBImage
    var orientation: ImageOrientation
}
