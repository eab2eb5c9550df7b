// swift-tools-version: 6.0
// Sightline: on-device image recognition for Linux. One library target per layer
// (see DESIGN.md), each depending only on the layers below it, plus the `sightline` CLI. The lab
// (benchmarks against ONNX Runtime, OpenVINO and Pillow, the Python references they talk to,
// NumPy files) is apart: the SightlineLab library and the `sightline-lab` executable.
import PackageDescription

// The Swift targets build with SwiftPM's own release settings (-O, whole-module), which keep
// Swift's runtime checks: the parsers of outside bytes (uploads, JSON bodies, EXIF/PNG/WebP
// structure, the ONNX loader) trap on an out-of-bounds index or an overflow rather than read past
// their input. The measured cost is in BENCHMARKS.md ("Safety checks"); the hot loops are the C
// kernels below, which the checks do not touch.
//
// The C targets still carry `unsafeFlags`: the kernels' -O3, -fno-math-errno and
// -ffp-contract=fast (which their speed against ONNX Runtime was measured with), and -O2 so that
// debug builds of the decoders are usable. SwiftPM refuses unsafe flags in a package depended on
// by version, so a library user depends on Sightline by path or branch until these are replaced
// by in-source settings and measured again.
//
// `SIGHTLINE_FUZZ=1` adds the libFuzzer targets under Fuzz/ (see `make fuzz` and RELIABILITY.md);
// they only link with `-sanitize=fuzzer`, so ordinary builds never see them.
let fuzzing = Context.environment["SIGHTLINE_FUZZ"] == "1"

let package = Package(
    name: "Sightline",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SightlineEngine", targets: ["SightlineEngine"]),
        .library(name: "SightlineImaging", targets: ["SightlineImaging"]),
        .library(name: "SightlineVision", targets: ["SightlineVision"]),
        .library(name: "SightlineTraining", targets: ["SightlineTraining"]),
        .library(name: "SightlineStore", targets: ["SightlineStore"]),
        .library(name: "SightlineApps", targets: ["SightlineApps"]),
        .library(name: "SightlinePresentation", targets: ["SightlinePresentation"]),
        .library(name: "SightlineServer", targets: ["SightlineServer"]),
        .executable(name: "sightline", targets: ["sightline"]),
        .executable(name: "sightline-lab", targets: ["sightline-lab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0" ..< "5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.90.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: [
        // C kernels: packed GEMM, depthwise convolution and the thread pool, with AVX2/FMA
        // variants chosen at run time by CPU feature detection.
        .target(
            name: "CSightlineKernels",
            cSettings: [.unsafeFlags(["-O3", "-fno-math-errno", "-ffp-contract=fast"])]
        ),
        // JPEG decoding of a band of rows through libjpeg-turbo's libjpeg API (TurboJPEG 2
        // decodes whole images only); C because libjpeg reports errors with longjmp.
        .target(
            name: "CSightlineJPEG",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        // The two passes of the Pillow-compatible resize, with an AVX2 variant chosen at run time.
        .target(
            name: "CSightlineResample",
            cSettings: [.unsafeFlags(["-O2"])]
        ),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        // The data directory ($SIGHTLINE_HOME or ~/.local/share/sightline), worked out once for
        // the models (Vision) and the apps' database (Store).
        .target(name: "SightlineDataHome"),
        .target(
            name: "SightlineEngine",
            dependencies: [
                "CSightlineKernels",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            exclude: ["ONNX/onnx.proto"]
        ),
        .target(
            name: "SightlineImaging",
            dependencies: ["CSightlineJPEG", "CSightlineResample", "CTurboJPEG", "CPNG", "CWebP", "CFreeType"]
        ),
        // Vision hashes model files with swift-crypto's SHA-256 (the manifests' `sha256`).
        .target(
            name: "SightlineVision",
            dependencies: ["SightlineEngine", "SightlineImaging", "SightlineDataHome", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Create ML's part of the Vision layer: classifier heads (logistic regression by L-BFGS)
        // and detector heads (gradient descent with AdamW) trained on a frozen backbone's
        // features, their losses, augmentation and the writers that install them as models.
        .target(
            name: "SightlineTraining",
            dependencies: ["SightlineVision", "SightlineEngine", "SightlineImaging"]
        ),
        // App data (histories, lists, consent, settings, tokens, the photo index): one Store
        // protocol, in SQLite through GRDB (embedded default) or in PostgreSQL through
        // postgres-nio (shared by replicas and index workers). Stores plain values and encoded
        // image bytes, so it needs none of the layers below.
        .target(
            name: "SightlineStore",
            dependencies: [
                "SightlineDataHome",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The four apps' rules, texts and knowledge (Resources/: categories, waste rules, breeds,
        // recipes) over Vision and Store. Apps never touch tensors.
        .target(
            name: "SightlineApps",
            dependencies: ["SightlineVision", "SightlineImaging", "SightlineStore"],
            resources: [.copy("Resources")]
        ),
        // The JSON objects the CLI prints with --json and the web API answers with, so both
        // show exactly the same shapes.
        .target(
            name: "SightlinePresentation",
            dependencies: ["SightlineImaging", "SightlineVision", "SightlineStore", "SightlineApps"]
        ),
        // `sightline serve`: the JSON API, the live-camera WebSocket and the web app
        // (Resources/web) on Hummingbird 2, a thin layer over Apps.
        .target(
            name: "SightlineServer",
            dependencies: [
                "SightlineEngine",
                "SightlineVision",
                "SightlineImaging",
                "SightlineStore",
                "SightlineApps",
                "SightlinePresentation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources")]
        ),
        // What the two command-line tools share: their failures, standard error, the progress
        // bar, text tables and finding the repository checkout.
        .target(name: "SightlineCommandSupport"),
        .executableTarget(
            name: "sightline",
            dependencies: [
                "SightlineEngine",
                "SightlineImaging",
                "SightlineVision",
                "SightlineTraining",
                "SightlineStore",
                "SightlineApps",
                "SightlinePresentation",
                "SightlineServer",
                "SightlineCommandSupport",
                "SightlineDataHome",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The lab: the benchmarks, ONNX Runtime and MTCNN references run as Python conversations
        // from the repository's .venv, and NumPy files. Nothing a user's `sightline` needs.
        .target(
            name: "SightlineLab",
            dependencies: [
                "SightlineEngine",
                "SightlineImaging",
                "SightlineVision",
                "SightlineTraining",
                "SightlinePresentation",
                "SightlineApps",
                "SightlineStore",
                "SightlineCommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "sightline-lab",
            dependencies: ["SightlineLab", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the test targets share: the repository root, the Python references, the installed
        // models a test requires (skipped on a fresh clone, failed under `make test`), seeded random.
        .target(name: "SightlineTestSupport", dependencies: ["SightlineVision", "SightlineTraining", "SightlineDataHome"], path: "Tests/SightlineTestSupport"),
        .testTarget(name: "SightlineEngineTests", dependencies: ["SightlineTestSupport", "SightlineDataHome", "SightlineEngine", "CSightlineKernels"]),
        .testTarget(name: "SightlineStoreTests",
                    dependencies: ["SightlineTestSupport", "SightlineStore", .product(name: "GRDB", package: "GRDB.swift"),
                                   .product(name: "PostgresNIO", package: "postgres-nio"),
                                   .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "SightlineAppsTests",
                    dependencies: ["SightlineTestSupport", "SightlineApps", "SightlineStore", "SightlineVision", "SightlineTraining", "SightlineImaging",
                                   "SightlineEngine"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SightlinePresentationTests",
                    dependencies: ["SightlineTestSupport", "SightlinePresentation", "SightlineApps", "SightlineVision",
                                   "SightlineImaging", "SightlineStore"]),
        .testTarget(name: "SightlineServerTests",
                    dependencies: ["SightlineTestSupport", "SightlineServer", "SightlineStore", "SightlineApps", "SightlineVision", "SightlineImaging",
                                   "SightlineEngine",
                                   .product(name: "Hummingbird", package: "hummingbird"),
                                   .product(name: "HummingbirdTesting", package: "hummingbird"),
                                   .product(name: "HTTPTypes", package: "swift-http-types"),
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "NIOEmbedded", package: "swift-nio"),
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "NIOSSL", package: "swift-nio-ssl"),
                                   .product(name: "X509", package: "swift-certificates"),
                                   .product(name: "SwiftASN1", package: "swift-asn1")]),
        .testTarget(name: "SightlineImagingTests", dependencies: ["SightlineTestSupport", "SightlineImaging", "CSightlineJPEG", "CSightlineResample", "CTurboJPEG"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SightlineVisionTests", dependencies: ["SightlineTestSupport", "SightlineVision", "SightlineTraining", "SightlineEngine", "SightlineImaging",
                                                          "SightlineLab"],
                    exclude: ["Faces/Photos"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SightlineLabTests", dependencies: ["SightlineTestSupport", "SightlineLab", "SightlineEngine", "SightlineVision", "SightlineImaging", "SightlinePresentation",
                                                        "SightlineCommandSupport"]),
    ]
)

// One executable per fuzz target, each a single file with its `LLVMFuzzerTestOneInput`, started
// through FuzzSupport (libFuzzer's driver).
// Every Swift target sees only the members of the modules it imports itself
// (MemberImportVisibility), so a missing import — and with it an undeclared dependency — is a
// compile error rather than something a transitive import hides.
for target in package.targets where target.type != .system && !target.name.hasPrefix("C") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// In the libraries an import is internal unless it says otherwise (InternalImportsByDefault):
// a module whose types appear in a library's public API is imported with `public import`, so
// which dependencies a library exposes to its users is written down and checked by the compiler.
for target in package.targets where target.type == .regular && !target.name.hasPrefix("C") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("InternalImportsByDefault")]
}

if fuzzing {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzImageDecode", ["SightlineImaging"]),
        ("FuzzExif", ["SightlineImaging"]),
        ("FuzzONNXLoader", ["SightlineEngine"]),
        ("FuzzMultipart", ["SightlineServer", .product(name: "Hummingbird", package: "hummingbird")]),
        ("FuzzJSONBodies", ["SightlineServer"]),
        ("FuzzRequestHead", ["SightlineServer", .product(name: "NIOCore", package: "swift-nio"),
                             .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio")]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for target in fuzzTargets {
        package.products.append(.executable(name: target.name, targets: [target.name]))
        package.targets.append(.executableTarget(name: target.name, dependencies: ["FuzzSupport"] + target.dependencies,
                                                 path: "Fuzz/\(target.name)"))
    }
}
