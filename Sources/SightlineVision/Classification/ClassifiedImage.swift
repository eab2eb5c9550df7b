// ClassifiedImage and ClassifiedBatch: what classifying many files hands back, batch by batch —
// each file's result or error with the time spent on it, plus the exact input the model saw.
public import Foundation

/// One file's outcome when classifying many files.
public struct ClassifiedImage: Sendable {
    public var url: URL
    public var result: Result<ClassificationResult, ClassificationError>
    /// Seconds spent on this file: reading, decoding and preparing it, plus its share of its
    /// batch's inference time (the batch time divided by the images in the batch).
    public var seconds: Double

    public init(url: URL, result: Result<ClassificationResult, ClassificationError>, seconds: Double) {
        self.url = url
        self.result = result
        self.seconds = seconds
    }
}

/// The outcome of one batch of files, in the order the files were given.
public struct ClassifiedBatch: Sendable {
    public var images: [ClassifiedImage]
    /// The model input of the images that could be decoded, one after another
    /// (`ImageClassifier.preprocessing.valueCount` values each) — exactly what the engine ran on.
    public var preparedInput: [Float]
    /// For each image in `preparedInput`, its position in `images`.
    public var preparedImageIndices: [Int]

    public init(images: [ClassifiedImage], preparedInput: [Float], preparedImageIndices: [Int]) {
        self.images = images
        self.preparedInput = preparedInput
        self.preparedImageIndices = preparedImageIndices
    }
}
