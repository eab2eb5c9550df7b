// PhotoBytesLoop: the loop of the app commands that work on a photo's bytes (`cat`, `kitchen
// identify`): read each file (`PhotoFileReader`: regular files that start as an image format
// does), hand the bytes over and print the line that comes back; a file that fails is reported
// as one error line — a JSON object or text on stderr — without stopping, and the command exits
// with status 1 when any failed.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct PhotoBytesLoop {
    let files: [ImageFile]
    /// Errors as `{"file", "error"}` lines on stdout instead of text on stderr.
    let json: Bool

    /// Runs `handle` on every file's bytes and prints what it returns.
    ///
    /// - Throws: `ExitCode(1)` after the last file when any file failed.
    func run(_ handle: (ImageFile, Data) async throws -> String) async throws {
        var failures = 0
        for file in files {
            do {
                print(try await handle(file, try PhotoFileReader.read(file.url)))
            } catch {
                failures += 1
                let message = (error as? ClassificationError).map(ClassificationJSON.message) ?? "\(error)"
                if json {
                    printJSON(ErrorJSON(file: file.displayPath, message: message))
                } else {
                    StandardError.print("\(file.displayPath): error: \(message)")
                }
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}
