// IndexFacesCommand: `sightline index faces` — how many analysed photos had their faces counted
// (the `faces` task of `index work`), how many of them show faces and how many faces in all.
import ArgumentParser
import SightlinePresentation
import SightlineStore

struct IndexFacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faces",
        abstract: "Count the faces in the analysed photos (needs `index work --tasks …,faces`).",
        discussion: "With --json one object: {\"photos\", \"with_faces\", \"faces\"}.")

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let counts = try await database.open().photoIndex.faceCounts()
        if format.json {
            printJSON(PhotoIndexFacesJSON(photos: counts.photos, withFaces: counts.withFaces, faces: counts.faces))
            return
        }
        print("\(counts.withFaces) of \(counts.photos) photos whose faces were counted show faces: \(counts.faces) faces in all.")
    }
}
