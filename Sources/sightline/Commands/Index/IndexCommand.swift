// IndexCommand: `sightline index add|work|status|search|similar|faces` — the photo library's index: photo
// files recorded as jobs in the apps' database, analysed by any number of workers that lease
// them in batches, and searched by what was found.
import ArgumentParser

struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index a photo library: record photos, analyse them with one or more workers, search them.",
        discussion: """
            `index add DIR…` records the photos (path, size, date, SHA-256 of the content) as jobs; \
            adding again skips unchanged files and redoes changed ones. `index work` leases \
            --batch photos at a time and records what it finds; run as many workers as you \
            like, in other terminals or processes on the same data directory: a photo is \
            recorded by exactly one of them, and the photos of a worker that is killed go to the \
            others when its leases run out (--lease-seconds). Ctrl-C or SIGTERM stops a worker \
            once the work in hand is done (at most its batch's network run) and gives back its \
            other leases at once. `index status` \
            shows the progress, `index search TEXT` finds photos by label or category, `index \
            similar PHOTO` the photos that look most like one, `index faces` counts faces.
            """,
        subcommands: [IndexAddCommand.self, IndexWorkCommand.self, IndexStatusCommand.self, IndexSearchCommand.self,
                      IndexSimilarCommand.self, IndexFacesCommand.self])
}
