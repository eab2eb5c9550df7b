// InstalledModel+Confidence: records a calibrated confidence threshold in an installed model's
// manifest, replacing the file in one step so a failed write leaves the old manifest whole.
import Foundation

extension InstalledModel {
    /// Writes `confidence` into the model's `manifest.json` and returns the model with it.
    ///
    /// - Throws: `ModelStoreError.unwritableManifest`.
    public func recordingConfidence(_ confidence: ModelManifest.Confidence) throws(ModelStoreError) -> InstalledModel {
        var updated = self
        updated.manifest.confidence = confidence
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try (encoder.encode(updated.manifest) + Data("\n".utf8)).write(to: manifestURL, options: .atomic)
        } catch {
            throw .unwritableManifest(path: manifestURL.path, reason: error.localizedDescription)
        }
        return updated
    }
}
