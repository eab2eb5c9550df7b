// TokensListCommand: `sightline tokens list` — the access tokens with their names, dates and
// whether they were revoked.
import ArgumentParser
import Foundation
import SightlineStore

struct TokensListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tokens, revoked ones marked.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let tokens = try await database.open().accessTokens.list()
        if tokens.isEmpty { print("No access tokens; `sightline serve --host … --tls` creates one.") }
        let format = ISO8601DateFormatter()
        for token in tokens {
            var line = "#\(token.id ?? 0)  \(token.name)  created \(format.string(from: token.createdAt))"
            if let used = token.lastUsedAt { line += ", last used \(format.string(from: used))" }
            if let revoked = token.revokedAt { line += ", REVOKED \(format.string(from: revoked))" }
            print(line)
        }
    }
}
