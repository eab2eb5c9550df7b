// TokensRevokeCommand: `sightline tokens revoke ID…` — revoked tokens stop working at once.
import ArgumentParser
import SightlineCommandSupport
import SightlineStore

struct TokensRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke tokens by id: they stop working at once.")

    @Argument(help: "Token ids, as `sightline tokens list` shows them.")
    var ids: [Int64]

    func run() throws {
        let tokens = try AppDataStore.open().accessTokens
        var missing: [Int64] = []
        for id in ids {
            if try tokens.revoke(id: id) { print("Revoked token #\(id).") } else { missing.append(id) }
        }
        if !missing.isEmpty {
            throw CommandFailure("There is no active token " + missing.map { "#\($0)" }.joined(separator: ", ") + ".")
        }
    }
}
