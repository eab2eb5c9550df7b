// BenchmarkRuntime: a reference runtime as a bench ran it — its version and the precision it
// computed in on this machine (OpenVINO picks bfloat16 by itself on a CPU with the
// instructions), so that a report says what Sightline was compared with.
struct BenchmarkRuntime: Encodable, Equatable {
    let runtime: ReferenceRuntime
    let version: String
    /// "f32", "bf16", … as the runtime names it.
    let precision: String

    private enum CodingKeys: String, CodingKey {
        case version, precision
    }
}
