// ClassificationPrinter: how `sightline classify` shows one file's outcome — a short text block
// or a JSON line (ClassificationJSON) on stdout; in text mode errors go to stderr.
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineVision

struct ClassificationPrinter {
    let json: Bool

    func print(_ image: ClassifiedImage, displayPath: String) {
        if json {
            printJSON(ClassificationJSON.record(image, file: displayPath))
            return
        }
        switch image.result {
        case .success(let result):
            Swift.print(String(format: "%@  (%.1f ms)", displayPath, image.seconds * 1000))
            for observation in result.observations {
                Swift.print(String(format: "  %5.1f %%  %@", observation.confidence * 100, observation.label))
            }
        case .failure(let error):
            StandardError.print("\(displayPath): error: \(ClassificationJSON.message(for: error))")
        }
    }
}
