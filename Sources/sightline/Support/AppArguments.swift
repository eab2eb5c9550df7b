// AppArguments: the apps' value types as command-line arguments — `--lang en|de|uk`,
// `--mode check|classify` and consent document names — parsed from their raw values.
import ArgumentParser
import SightlineApps

extension Language: ExpressibleByArgument {}

extension WasteGuardMode: ExpressibleByArgument {}

extension ConsentDocument: ExpressibleByArgument {}
