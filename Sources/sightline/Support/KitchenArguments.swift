// KitchenArguments: the Kitchen app's value types as command-line arguments — `--ranking`,
// `--diet`, `--source` — and opening the Kitchen's data and store for a command.
import ArgumentParser
import SightlineApps
import SightlineStore

extension RecipeRanking: ExpressibleByArgument {}

extension Diet: ExpressibleByArgument {}

extension RecipeSources.Choice: ExpressibleByArgument {}

extension KitchenContext {
    /// The bundled knowledge and the store in the data directory.
    static func open() async throws -> KitchenContext {
        KitchenContext(knowledge: try KitchenKnowledge.bundled(), store: try await AppDataStore.open())
    }
}
