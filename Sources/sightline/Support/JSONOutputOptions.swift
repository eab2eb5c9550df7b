// JSONOutputOptions: the `--json` flag every command that prints results shares — JSON instead
// of text, one `JSONAnswer` per line (see JSONOutput.swift), the objects the web API answers
// with. Each command's discussion says which objects it prints.
import ArgumentParser

struct JSONOutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text: one object per line (the description says which).")
    var json = false
}
