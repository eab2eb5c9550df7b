// ImageSize: a width and height in pixels — decode targets, resize targets, preprocessing sizes.

/// A width and a height in pixels.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged (what a 90° rotation does to an image).
    public var transposed: ImageSize { ImageSize(width: height, height: width) }

    public var description: String { "\(width)×\(height)" }
}
