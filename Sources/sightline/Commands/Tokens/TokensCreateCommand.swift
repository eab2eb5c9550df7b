// TokensCreateCommand: `sightline tokens create NAME` — a new access token whose secret is
// printed once (only its hash is stored).
import ArgumentParser
import SightlineServer
import SightlineStore

struct TokensCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a token and print its secret (shown only this once).")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "A name saying whose device it is for.")
    var name: String

    func run() async throws {
        let (token, secret) = try await AccessTokenSecret.create(name: name, in: try await database.open())
        print("Token #\(token.id ?? 0) \(token.name): \(secret)")
        print("Send it as `Authorization: Bearer \(secret)`, or open the server's URL with ?token=\(secret) once.")
    }
}
