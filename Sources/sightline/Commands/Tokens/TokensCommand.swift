// TokensCommand: `sightline tokens list|create|revoke` — the access tokens that let other
// devices use `sightline serve` beyond loopback. Only their hashes are stored.
import ArgumentParser

struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List, create and revoke the access tokens for serving beyond loopback.",
        subcommands: [TokensListCommand.self, TokensCreateCommand.self, TokensRevokeCommand.self],
        defaultSubcommand: TokensListCommand.self)
}
