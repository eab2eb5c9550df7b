// WasteConsentCommand: `sightline waste consent` — WasteGuard's consent gate on the command line:
// shows the privacy policy, disclaimer and terms of use with the state of each, and records the
// user's acceptance (or withdrawal) of each document separately.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation

struct WasteConsentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent",
        abstract: "Read and accept WasteGuard's privacy policy, disclaimer and terms of use.",
        discussion: """
            Without options, shows the three documents and whether each is accepted. Each is \
            accepted separately: --accept privacy, --accept disclaimer, --accept terms (repeat \
            the option for several, or --accept all). A document's version is a fingerprint of \
            its text: when a text changes, it must be accepted again. --withdraw takes a \
            document back (all: every one); WasteGuard then refuses to analyse until it is \
            accepted again. Acceptances are stored in sightline.sqlite in the data directory.
            """)

    @Option(help: ArgumentHelp("Accept a document: privacy, disclaimer, terms or all.", valueName: "document"))
    var accept: [String] = []

    @Option(help: ArgumentHelp("Withdraw a document's acceptance: privacy, disclaimer, terms or all.", valueName: "document"))
    var withdraw: [String] = []

    @Option(name: .customLong("lang"), help: "Language of the documents: en, de or uk.")
    var language: Language = .english

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        _ = try documents(accept, option: "--accept")
        _ = try documents(withdraw, option: "--withdraw")
    }

    func run() async throws {
        let knowledge = try WasteKnowledge.bundled()
        let consent = WasteGuardConsent(store: try await AppDataStore.open(), texts: knowledge.texts)
        for document in try documents(withdraw, option: "--withdraw") {
            try await consent.withdraw(document)
        }
        for document in try documents(accept, option: "--accept") {
            try await consent.accept(document)
        }
        let status = try await consent.status()
        if format.json {
            printJSON(WasteConsentJSON(status, texts: knowledge.texts, language: language))
            return
        }
        let changed = !accept.isEmpty || !withdraw.isEmpty
        for state in status {
            let document = knowledge.texts.consentDocument(state.document)
            let mark = switch state.state {
            case .accepted: "accepted"
            case .outdated: "changed since you accepted it: please accept again"
            case .notAccepted: "not accepted"
            }
            print("\(document.title.text(in: language)) (\(state.document.rawValue), version \(state.version)): \(mark)")
            if !changed {
                print("\n\(document.body.text(in: language))\n")
            }
        }
        let missing = status.filter { $0.state != .accepted }.map(\.document.rawValue)
        print(missing.isEmpty ? "WasteGuard can be used."
            : "To use WasteGuard, accept: " + missing.map { "--accept \($0)" }.joined(separator: " ") + " (or --accept all).")
    }

    /// The documents named by an option's values; "all" stands for the three.
    private func documents(_ values: [String], option: String) throws -> [ConsentDocument] {
        var documents: [ConsentDocument] = []
        for value in values {
            if value == "all" {
                documents += ConsentDocument.allCases
            } else if let document = ConsentDocument(rawValue: value) {
                documents.append(document)
            } else {
                throw ValidationError("\(option) takes privacy, disclaimer, terms or all, got '\(value)'.")
            }
        }
        return documents
    }
}
