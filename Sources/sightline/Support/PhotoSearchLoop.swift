// PhotoSearchLoop: the loop `sightline faces` and `sightline detect` share — each photo decoded
// upright and searched in turn under a progress bar, timed, what was found handed back, a photo
// that fails reported as one error line (a JSON object, or text on stderr) — counting failures
// and the total time for the summary line.
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation

enum PhotoSearchLoop {
    /// Decodes every file (at most `maxPixels`), runs `search` on it and calls `found` with the
    /// file's index, the file, the photo, what was found and its milliseconds (progress bar
    /// cleared, so `found` may print). Failures are printed here.
    static func run<Found>(_ files: [ImageFile], json: Bool, maxPixels: Int, search: (RGBImage) throws -> Found,
                           found: (Int, ImageFile, RGBImage, Found, Double) -> Void) -> (failures: Int, seconds: Double) {
        var progress = ProgressBar(total: files.count)
        var failures = 0
        let start = DispatchTime.now().uptimeNanoseconds
        progress.draw()
        for (index, file) in files.enumerated() {
            let fileStart = DispatchTime.now().uptimeNanoseconds
            let result = Result { () throws -> (RGBImage, Found) in
                let photo = try ImageDecoder.decode(contentsOf: file.url, options: DecodeOptions(maxPixels: maxPixels))
                return (photo, try search(photo))
            }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - fileStart) / 1e6
            progress.clear()
            switch result {
            case .success(let (photo, things)):
                found(index, file, photo, things, milliseconds)
            case .failure(let error):
                failures += 1
                printFailure(error, file: file.displayPath, json: json)
            }
            progress.advance(by: 1)
        }
        progress.clear()
        return (failures, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// An unreadable photo's reason (the path is shown next to it already), or the search's error.
    private static func printFailure(_ error: any Error, file: String, json: Bool) {
        let message = (error as? ImagingError)?.description ?? "\(error)"
        if json {
            printJSON(ErrorJSON(file: file, message: message))
        } else {
            StandardError.print("\(file): error: \(message)")
        }
    }
}
