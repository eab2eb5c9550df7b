// ErrorJSON: a photo the CLI could not handle, as its --json prints it in that photo's place:
// `{"file", "error"}`. (The API answers a failed request with `APIErrorJSON`.)
public struct ErrorJSON: JSONAnswer, Sendable {
    public var file: String
    public var error: String

    public init(file: String, message: String) {
        self.file = file
        error = message
    }
}
