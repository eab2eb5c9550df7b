// ServerResources: the files shipped with the server — the web app's folder and the OpenAPI
// document — found in the target's resource bundle.
public import Foundation

public enum ServerResources {
    /// The folder holding index.html and assets/.
    public static var webRoot: URL {
        root.appendingPathComponent("web", isDirectory: true)
    }

    /// The OpenAPI 3.1 document served at /openapi.json.
    static var openAPIDocument: URL {
        root.appendingPathComponent("openapi.json")
    }

    /// The bundled Resources folder.
    private static var root: URL {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            fatalError("The SightlineServer resource bundle has no Resources folder: the build is incomplete; rebuild with `swift build`.")
        }
        return url
    }
}
