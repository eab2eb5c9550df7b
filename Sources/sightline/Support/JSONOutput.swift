// JSONOutput: how every `--json` command prints — one JSONAnswer per line on stdout, written by
// Presentation's one encoder, so a line is exactly what the web API answers for the same thing.
import SightlineCommandSupport
import SightlinePresentation

/// Prints `answer` as one line of JSON. Presentation's types encode without failing; should one
/// ever fail, stderr says so instead of stdout getting half a line.
func printJSON(_ answer: some JSONAnswer) {
    do {
        print(try answer.jsonText())
    } catch {
        StandardError.print("error: the JSON output could not be written: \(error)")
    }
}
