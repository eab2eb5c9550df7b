// Readiness: whether a load balancer should send this server requests, as `GET /readyz` answers
// it — distinct from `/healthz` (the process is up). Ready when the store answers a query and,
// where the server warms up (`sightline serve` does by default), every app's models have loaded;
// each component's state is named, so an operator sees which model is missing. Without warm-up
// the models load on first use and readiness is the store's alone.
import Synchronization

final class Readiness: Sendable {
    /// Where one component's warm-up is.
    enum ComponentState: Sendable, Equatable {
        case loading
        case loaded
        /// It could not be loaded: why, as the API would say it.
        case failed(String)
    }

    /// The components being warmed up, in the order they load; nil when the server does not
    /// warm up.
    private let components = Mutex<[(name: String, state: ComponentState)]?>(nil)

    /// Starts tracking `names`, all loading.
    func begin(_ names: [String]) {
        components.withLock { $0 = names.map { ($0, .loading) } }
    }

    func set(_ name: String, _ state: ComponentState) {
        components.withLock { components in
            guard let index = components?.firstIndex(where: { $0.name == name }) else { return }
            components?[index].state = state
        }
    }

    /// Every component's state in order, or nil when the server does not warm up.
    var states: [(name: String, state: ComponentState)]? { components.withLock { $0 } }

    /// Whether every component warmed up (true when there is no warm-up).
    var modelsReady: Bool { states?.allSatisfy { $0.state == .loaded } ?? true }
}
