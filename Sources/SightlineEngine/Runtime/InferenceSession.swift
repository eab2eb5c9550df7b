// InferenceSession: a model compiled for execution on the CPU. Created once per model
// (optimising the graph, checking every node, packing weights), then `run` is called per
// input batch; runs may come from several threads at once.

import Foundation

public final class InferenceSession: @unchecked Sendable {
    public let options: SessionOptions
    /// The model's metadata (labels, licence, … as the model file stored them).
    public let metadata: [String: String]
    public let threadPool: ThreadPool

    private let plan: ExecutionPlan
    /// Batches of this graph may run one sample at a time (see SampleIndependence).
    private let samplesAreIndependent: Bool
    private let contextLock = NSLock()
    private var idleContexts: [ExecutionContext] = []
    /// Contexts whose kernels run on one thread, for samples run side by side.
    private var idleSerialContexts: [ExecutionContext] = []
    private let serialPool = ThreadPool.shared(threads: 1)

    public init(model: Model, options: SessionOptions = SessionOptions()) throws {
        guard (11...17).contains(model.opsetVersion) else {
            throw EngineError.unsupportedOpset(domain: "", version: model.opsetVersion)
        }
        self.options = options
        metadata = model.metadata
        let graph = options.optimize ? GraphOptimizer.optimize(model.graph) : model.graph
        plan = try ExecutionPlan(graph: graph, opset: model.opsetVersion)
        samplesAreIndependent = SampleIndependence.holds(for: graph, opset: model.opsetVersion)
        threadPool = ThreadPool.shared(threads: options.threads)
        EngineMemory.register(self)
    }

    /// Names and declared shapes of the inputs `run` expects.
    public var inputs: [ValueInfo] { plan.inputs.map(\.info) }
    /// Names of the outputs `run` returns.
    public var outputNames: [String] { plan.outputs.map(\.name) }
    /// The operators executed per run, in order (after the load-time passes).
    public var executedOperators: [String] { plan.steps.map(\.kernel.label.op) }

    /// Runs the graph on the given named inputs and returns every graph output by name.
    public func run(_ inputs: [String: Tensor]) throws -> [String: Tensor] {
        if samplesAreIndependent, let batch = commonBatchSize(inputs), batch > 1 {
            let large = inputs.values.reduce(0, { $0 + $1.count }) / batch >= Self.largeSampleValues
            if large || threadPool.threads > 1 {
                let threads = threadPool.threads
                return try runInParts(inputs, batch: batch, partSize: large ? 1 : (batch + threads - 1) / threads)
            }
        }
        return try execute(inputs, timings: nil)
    }

    /// A batch of samples smaller than this (input values per sample) runs as one batch, or with
    /// several threads as one share of the batch per thread: their activations fit in cache
    /// anyway, a run per sample would cost more than the work, and batched kernels handle such
    /// samples several at a time (MTCNN's R-Net on hundreds of 24×24 crops: with two threads,
    /// 808 runs of one crop took 81 ms, where one batch on one thread took 65). Lite0's 224×224
    /// images are 150,528 values.
    static let largeSampleValues = 65_536

    /// The batch size shared by every input, if they all have the same first dimension.
    private func commonBatchSize(_ inputs: [String: Tensor]) -> Int? {
        let sizes = Set(inputs.values.map { $0.shape.first ?? 0 })
        guard sizes.count == 1, inputs.count == plan.inputs.count, inputs.values.allSatisfy({ $0.elementType == .float32 }) else {
            return nil
        }
        return sizes.first
    }

    /// Runs the batch in parts of `partSize` samples (the last one shorter), parts in parallel
    /// with one thread each, and stacks the outputs: the same values as a batched run, with
    /// better cache use. Each run reads its part in place, a slice of the batch's elements.
    private func runInParts(_ inputs: [String: Tensor], batch: Int, partSize: Int) throws -> [String: Tensor] {
        let lock = NSLock()
        let parts = (batch + partSize - 1) / partSize
        var results = [[String: Tensor]?](repeating: nil, count: parts)
        var failure: Error?
        let workers = min(parts, threadPool.threads)
        let tensors = try orderedInputs(inputs)
        try Self.withElements(of: tensors[...], []) { addresses in
            threadPool.parallelFor(workers) { worker in
                for part in stride(from: worker, to: parts, by: workers) {
                    let first = part * partSize, count = min(partSize, batch - part * partSize)
                    do {
                        let fed = try zip(plan.inputs, zip(tensors, addresses)).map { input, pair in
                            let (tensor, address) = pair
                            let bytes = tensor.count / batch * tensor.elementType.byteSize
                            let value = FedValue(shape: [count] + tensor.shape.dropFirst(), elementType: tensor.elementType,
                                                 elements: address.map { $0 + first * bytes })
                            try check(value, against: input.info)
                            return value
                        }
                        let outputs = try execute(fed, timings: nil, serial: workers > 1)
                        lock.lock()
                        results[part] = outputs
                        lock.unlock()
                    } catch {
                        lock.lock()
                        if failure == nil { failure = error }
                        lock.unlock()
                    }
                }
            }
        }
        if let failure { throw failure }
        var stacked: [String: Tensor] = [:]
        for name in plan.outputs.map(\.name) {
            let outputs = results.map { $0![name]! }
            let keepsBatch = outputs.enumerated().allSatisfy { part, output in
                output.shape.first == min(partSize, batch - part * partSize)
                    && output.shape.dropFirst() == outputs[0].shape.dropFirst()
            }
            guard keepsBatch else {
                throw EngineError.invalidGraph(reason: "output '\(name)' does not keep the batch in its first dimension")
            }
            let shape = [batch] + outputs[0].shape.dropFirst()
            switch outputs[0].storage {
            case .float32: stacked[name] = Tensor(shape: shape, floats: outputs.flatMap(\.floats))
            case .int64: stacked[name] = Tensor(shape: shape, int64s: outputs.flatMap(\.int64s))
            }
        }
        return stacked
    }

    /// Time spent in one node of the executed graph.
    public struct NodeTiming: Sendable {
        public let node: String
        public let op: String
        public let milliseconds: Double
    }

    /// Runs the graph `runs` times and returns the median time per node, in execution order
    /// (a median, not a mean: one run slowed by another process does not move it).
    public func profile(_ inputs: [String: Tensor], runs: Int = 10) throws -> [NodeTiming] {
        var perRun: [[UInt64]] = []
        for _ in 0..<max(1, runs) {
            var timings = [UInt64](repeating: 0, count: plan.steps.count)
            _ = try execute(inputs, timings: &timings)
            perRun.append(timings)
        }
        return plan.steps.enumerated().map { index, step in
            let sorted = perRun.map { $0[index] }.sorted()
            let middle = sorted.count / 2
            let nanoseconds = sorted.count % 2 == 1 ? Double(sorted[middle])
                : Double(sorted[middle - 1] + sorted[middle]) / 2
            return NodeTiming(node: step.kernel.label.name, op: step.kernel.label.op, milliseconds: nanoseconds / 1e6)
        }
    }

    /// One input of a run: its shape, element type and elements (nil when it has none), which
    /// the run reads in place — the caller keeps them alive and unchanged until it returns.
    private struct FedValue {
        let shape: [Int]
        let elementType: ElementType
        let elements: UnsafeRawPointer?
    }

    /// The inputs in the plan's order; unknown or missing names are refused (shapes and types
    /// are checked by the caller: a batch run sample by sample checks each sample's).
    private func orderedInputs(_ inputs: [String: Tensor]) throws -> [Tensor] {
        let expected = Set(plan.inputs.map(\.info.name))
        if let unexpected = inputs.keys.first(where: { !expected.contains($0) }) {
            throw EngineError.invalidInput(name: unexpected, reason: "the model has no such input (inputs: \(expected.sorted().joined(separator: ", ")))")
        }
        return try plan.inputs.map { _, info in
            guard let tensor = inputs[info.name] else {
                throw EngineError.invalidInput(name: info.name, reason: "missing")
            }
            return tensor
        }
    }

    private func execute(_ inputs: [String: Tensor], timings: UnsafeMutablePointer<[UInt64]>?) throws -> [String: Tensor] {
        let tensors = try orderedInputs(inputs)
        return try Self.withElements(of: tensors[...], []) { addresses in
            let fed = try zip(plan.inputs, zip(tensors, addresses)).map { input, pair in
                let value = FedValue(shape: pair.0.shape, elementType: pair.0.elementType, elements: pair.1)
                try check(value, against: input.info)
                return value
            }
            return try execute(fed, timings: timings, serial: false)
        }
    }

    /// Calls `body` with the address of each tensor's elements, valid while it runs: inputs
    /// are read in place rather than copied (0.6 MB a Lite0 image, about 20 µs).
    private static func withElements<Result>(of tensors: ArraySlice<Tensor>, _ addresses: [UnsafeRawPointer?],
                                             _ body: ([UnsafeRawPointer?]) throws -> Result) throws -> Result {
        guard let first = tensors.first else { return try body(addresses) }
        let rest = tensors.dropFirst()
        switch first.storage {
        case .float32(let values):
            return try values.withUnsafeBytes { try withElements(of: rest, addresses + [$0.baseAddress], body) }
        case .int64(let values):
            return try values.withUnsafeBytes { try withElements(of: rest, addresses + [$0.baseAddress], body) }
        }
    }

    /// Runs the plan on checked inputs, in the plan's input order.
    private func execute(_ fed: [FedValue], timings: UnsafeMutablePointer<[UInt64]>?, serial: Bool) throws -> [String: Tensor] {
        let context = takeContext(serial: serial)
        var values = [RuntimeValue?](repeating: nil, count: plan.valueCount)
        for (id, value) in plan.constants { values[id] = value }
        for ((id, info), input) in zip(plan.inputs, fed) {
            let value: RuntimeValue
            do {
                if let elements = input.elements {
                    value = try context.borrow(input.shape, input.elementType, elements)
                } else {
                    value = try context.allocate(input.shape, input.elementType)   // no elements
                }
            } catch let refused as ExecutionContext.ValueRefused {
                throw EngineError.invalidInput(name: info.name, reason: refused.reason)
            }
            value.buffer.references += 1
            values[id] = value
        }
        // An error leaves the context's buffers in an unknown state: it is dropped, not reused.
        for (index, step) in plan.steps.enumerated() {
            let arguments = step.inputs.map { $0 < 0 ? nil : values[$0] }
            let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
            let results: [RuntimeValue]
            do {
                results = try step.kernel.execute(arguments, context)
            } catch let refused as ExecutionContext.ValueRefused {
                throw EngineError.shapeMismatch(node: step.kernel.label.name, op: step.kernel.label.op,
                                                reason: "a value of shape \(refused.shape) is refused: \(refused.reason)")
            } catch let refused as RuntimeValue.NotAnInteger {
                throw EngineError.shapeMismatch(node: step.kernel.label.name, op: step.kernel.label.op,
                                                reason: "a shape-like input holds \(refused.value), which is not a whole number within Int's range")
            }
            if let timings { timings.pointee[index] += DispatchTime.now().uptimeNanoseconds - start }
            context.endStep()
            for (index, id) in step.outputs.enumerated() where id >= 0 && index < results.count {
                results[index].buffer.references += 1
                values[id] = results[index]
            }
            for id in step.releases {
                if let value = values[id] { release(value, context) }
                values[id] = nil
            }
        }
        var outputs: [String: Tensor] = [:]
        for (id, name) in plan.outputs {
            guard let value = values[id] else {
                throw EngineError.invalidGraph(reason: "output '\(name)' was not computed")
            }
            outputs[name] = value.toTensor()
        }
        for value in values {
            if let value { release(value, context) }
        }
        returnContext(context, serial: serial)
        return outputs
    }

    private func check(_ input: FedValue, against info: ValueInfo) throws {
        if input.elementType != info.elementType {
            throw EngineError.invalidInput(name: info.name, reason: "expected \(info.elementType), got \(input.elementType)")
        }
        guard let declared = info.shape else { return }
        let mismatch = declared.count != input.shape.count || zip(declared, input.shape).contains { dim, size in
            if case .fixed(let fixed) = dim { return fixed != size }
            return false
        }
        if mismatch {
            throw EngineError.invalidInput(name: info.name, reason: "expected shape [\(declared.map(\.description).joined(separator: ", "))], got \(input.shape)")
        }
    }

    private func release(_ value: RuntimeValue, _ context: ExecutionContext) {
        let buffer = value.buffer
        if buffer.isConstant { return }
        buffer.references -= 1
        if buffer.references == 0 { context.buffers.release(buffer) }
    }

    private func takeContext(serial: Bool) -> ExecutionContext {
        contextLock.lock()
        defer { contextLock.unlock() }
        if serial {
            return idleSerialContexts.popLast()
                ?? ExecutionContext(threadPool: serialPool, maximumValueBytes: options.maximumValueBytes)
        }
        return idleContexts.popLast() ?? ExecutionContext(threadPool: threadPool, maximumValueBytes: options.maximumValueBytes)
    }

    /// The bytes pooled by the contexts not running now: the activations of their last runs,
    /// kept so that the next run of the same size allocates nothing.
    var idleBufferBytes: Int {
        contextLock.lock()
        defer { contextLock.unlock() }
        return (idleContexts + idleSerialContexts).reduce(0) { $0 + $1.buffers.freeBytes }
    }

    /// Frees what the contexts not running now have pooled; returns the bytes freed. A run in
    /// progress keeps its buffers, and the next run allocates afresh.
    @discardableResult
    func releaseIdleBuffers() -> Int {
        contextLock.lock()
        defer { contextLock.unlock() }
        var freed = 0
        for context in idleContexts + idleSerialContexts {
            freed += context.buffers.freeBytes
            context.buffers.removeAll()
        }
        return freed
    }

    private func returnContext(_ context: ExecutionContext, serial: Bool) {
        contextLock.lock()
        if serial { idleSerialContexts.append(context) } else { idleContexts.append(context) }
        contextLock.unlock()
    }
}
