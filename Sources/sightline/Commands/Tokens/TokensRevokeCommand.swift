// TokensRevokeCommand: `sightline tokens revoke ID…` — revoked tokens stop working at once.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineStore

struct TokensRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke tokens by id: they stop working at once.")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Token ids, as `sightline tokens list` shows them.")
    var ids: [Int64]

    func run() async throws {
        let tokens = try await database.open().accessTokens
        var missing: [Int64] = []
        for id in ids {
            if try await tokens.revoke(id: id, at: Date()) { print("Revoked token #\(id).") } else { missing.append(id) }
        }
        if !missing.isEmpty {
            throw CommandFailure("There is no active token " + missing.map { "#\($0)" }.joined(separator: ", ") + ".")
        }
    }
}
