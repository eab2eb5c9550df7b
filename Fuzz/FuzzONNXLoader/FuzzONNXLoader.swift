// FuzzONNXLoader: libFuzzer target for the ONNX loader and graph validator — protobuf decoding,
// the node-count and tensor-size checks, conversion to the engine's Graph, topological sorting
// and GraphValidator — and then for what a loaded model meets next: compiling an
// InferenceSession and one run on zero inputs when the declared inputs are small. A malformed
// model must end in an EngineError at one of these steps; a trap, a sanitizer report or a hang
// is a finding.
import Foundation
import FuzzSupport
import SightlineEngine

/// Inputs larger than this many elements are not run: the point is that a model which loads
/// is safe to start, not to spend the fuzzer's time on big convolutions.
private let maximumRunElements = 4096

/// One worker thread, so that executions do not compete with each other for the machine, and
/// at most 64 MiB per value: zero inputs of at most `maximumRunElements` need far less, so a
/// bigger value comes from the model's own constants (a Resize scale, padding) and must be
/// refused with an EngineError rather than exhaust the fuzzer's memory.
private let sessionOptions = SessionOptions(threads: 1, maximumValueBytes: 64 << 20)

@main
enum FuzzONNXLoaderMain {
    static func main() { LibFuzzer.run(fuzzONNXLoader) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzONNXLoader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    do {
        let model = try Model(serializedData: data)
        let session = try InferenceSession(model: model, options: sessionOptions)
        if let inputs = zeroInputs(for: session.inputs) {
            _ = try session.run(inputs)
        }
    } catch is EngineError {
        // Refusing the model (or its inputs) with an EngineError is the expected outcome.
    } catch {
        preconditionFailure("the engine threw something other than an EngineError: \(error)")
    }
    return 0
}

/// Zeros for every declared input (symbolic dimensions as 1), or nil when an input has no
/// declared shape, a negative dimension or more than `maximumRunElements` elements.
private func zeroInputs(for declared: [ValueInfo]) -> [String: Tensor]? {
    var inputs: [String: Tensor] = [:]
    for input in declared {
        guard let dimensions = input.shape else { return nil }
        var shape: [Int] = []
        var elements = 1
        for dimension in dimensions {
            let size: Int
            switch dimension {
            case .fixed(let fixed): size = fixed
            case .symbolic: size = 1
            }
            guard size >= 0 else { return nil }
            let (product, overflow) = elements.multipliedReportingOverflow(by: size)
            guard !overflow, product <= maximumRunElements else { return nil }
            elements = product
            shape.append(size)
        }
        switch input.elementType {
        case .float32: inputs[input.name] = Tensor(zeros: shape)
        case .int64: inputs[input.name] = Tensor(shape: shape, int64s: [Int64](repeating: 0, count: elements))
        }
    }
    return inputs
}
