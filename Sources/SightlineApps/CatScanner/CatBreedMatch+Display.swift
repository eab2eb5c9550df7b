// CatBreedMatch+Display: a scan's breed as the Cat Scanner shows it — "<Breed>: <value>%".
import Foundation
public import SightlineStore

extension CatBreedMatch {
    /// The confidence as a percentage with one decimal: "87.3".
    public var percentText: String {
        String(format: "%.1f", confidence * 100)
    }

    /// "Bengal: 87.3%", the original app's result line.
    public var displayText: String {
        "\(name): \(percentText)%"
    }
}
