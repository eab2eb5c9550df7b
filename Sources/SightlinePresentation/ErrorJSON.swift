// ErrorJSON: a photo that could not be handled, as the CLI's --json prints it per file:
// `{"file", "error"}`.
public enum ErrorJSON {
    public static func record(file: String, message: String) -> JSONLine {
        .object([("file", .string(file)), ("error", .string(message))])
    }
}
