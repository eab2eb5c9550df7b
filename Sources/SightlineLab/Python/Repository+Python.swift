// Repository+Python: the repository's virtual environment, which runs the lab's Python
// references (ONNX Runtime, OpenVINO, Pillow, the MTCNN reference).
import Foundation
import SightlineCommandSupport

extension Repository {
    /// The repository's Python interpreter (`.venv/bin/python`, created by `make setup`).
    func python() throws -> URL {
        let interpreter = url(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw CommandFailure("The Python virtual environment is missing (\(interpreter.path)). "
                + "Run `make setup` in \(root.path) first: it creates .venv with the packages the scripts need.")
        }
        return interpreter
    }
}
