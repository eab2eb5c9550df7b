// TokensCreateCommand: `sightline tokens create NAME` — a new access token whose secret is
// printed once (only its hash is stored).
import ArgumentParser
import SightlineServer
import SightlineStore

struct TokensCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a token and print its secret (shown only this once).")

    @Argument(help: "A name saying whose device it is for.")
    var name: String

    func run() throws {
        let (token, secret) = try AccessTokenSecret.create(name: name, in: try AppDataStore.open())
        print("Token #\(token.id ?? 0) \(token.name): \(secret)")
        print("Send it as `Authorization: Bearer \(secret)`, or open the server's URL with ?token=\(secret) once.")
    }
}
