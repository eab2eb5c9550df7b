// HostAllowlistMiddleware: the defence against DNS rebinding — a page on another site whose
// name is made to resolve to this machine reaches the server with that site's name in the Host
// header. Only the names this server answers to are accepted: 127.0.0.1, localhost and [::1],
// the address it is bound to (unless that is 0.0.0.0 or ::), and the configured names
// (`--allow-host`, with `--tls` the certificate's names), each bare or with the port it listens
// on. Any other Host is answered 421 `unknown_host`, a request without one 400 `bad_request`,
// before any route, file or the health check is reached.
import Foundation
import HTTPTypes
import Hummingbird

struct HostAllowlistMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The names, lower-cased, IPv6 addresses without brackets.
    let names: Set<String>
    let port: ListeningPort

    init(configuration: ServerConfiguration, port: ListeningPort) {
        var names = ["127.0.0.1", "localhost", "::1"] + configuration.allowedHosts
        if !["0.0.0.0", "::"].contains(configuration.host) { names.append(configuration.host) }
        self.names = Set(names.map { Self.bareName($0.lowercased()) })
        self.port = port
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, !host.isEmpty else {
            return try APIError.badRequest("The request has no Host header: send the name you reach this Sightline by.")
                .response(from: request, context: context)
        }
        guard accepts(host) else {
            return try APIError(.misdirectedRequest, code: "unknown_host", message: """
                This Sightline does not answer to the host name the request gives. Open it by 127.0.0.1, localhost \
                or its address; other names must be allowed with `sightline serve --allow-host NAME`.
                """).response(from: request, context: context)
        }
        return try await next(request, context)
    }

    /// Whether `authority` (the Host header: `name`, `name:port`, `[v6]`, `[v6]:port`) names
    /// this server.
    func accepts(_ authority: String) -> Bool {
        let name: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            name = authority[authority.index(after: authority.startIndex) ..< close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = authority.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return false }
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        if let portText {
            guard let listening = port.value, portText.allSatisfy({ ("0" ... "9").contains($0) }),
                  Int(portText) == listening else { return false }
        }
        return names.contains(name.lowercased())
    }

    /// "[::1]" → "::1"; other names unchanged.
    private static func bareName(_ name: String) -> String {
        name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
    }
}
