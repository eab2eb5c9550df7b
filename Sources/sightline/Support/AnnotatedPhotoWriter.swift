// AnnotatedPhotoWriter: the `--annotate OUT` side of a command that walks many photos — draws
// each photo's results onto a copy, writes it where `AnnotationOutput` says, counts what was
// written and reports a failed write without stopping the run.
import Foundation
import SightlineCommandSupport
import SightlineImaging

struct AnnotatedPhotoWriter {
    let output: String
    private let files: [AnnotatedImageFile]
    private let font: Font
    private(set) var written = 0
    private(set) var failed = 0

    /// - Parameter suffix: what the annotation shows, appended to each photo's name ("faces").
    init(output: String, arguments: [String], photos: [URL], suffix: String) throws {
        self.output = output
        files = try AnnotationOutput.files(path: output, arguments: arguments, photos: photos, suffix: suffix)
        font = try Font.standard()
    }

    /// Draws onto a copy of `photo` (the `index`-th photo of the run) and writes it.
    mutating func write(_ photo: RGBImage, index: Int, displayPath: String, draw: (inout ImageAnnotator) -> Void) {
        do {
            var annotator = ImageAnnotator(image: photo, font: font)
            draw(&annotator)
            try files[index].write(annotator.image)
            written += 1
        } catch {
            failed += 1
            StandardError.print("\(displayPath): error: the annotated image was not written: \(error)")
        }
    }

    /// "3 annotated images written to OUT." on stderr.
    func printSummary() {
        StandardError.print("\(written) annotated image\(written == 1 ? "" : "s") written to \(output)"
            + (failed > 0 ? ", \(failed) could not be written." : "."))
    }
}
