// ClassActivationMapperTests: class activation maps from the real EfficientNet-Lite0 — the map
// is exactly the decomposition of the class score over the photo, it points at the object in
// a real photo placed off-centre, and models that cannot give maps are refused clearly.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
@testable import SightlineVision
import XCTest

final class ClassActivationMapperTests: XCTestCase {
    /// The bell pepper sample, shrunk and placed at the right end of a wide white canvas.
    private func pepperOnTheRight() throws -> (image: RGBImage, pepper: PixelRect) {
        let photo = try ImageDecoder.decode(contentsOf: TestRepository.sample("green-bell-pepper.jpg"))
        let side = 240
        let pepper = photo.resized(width: side, height: side * photo.height / photo.width)
        let canvasWidth = 2 * side + 40, canvasHeight = pepper.height + 40
        var pixels = [UInt8](repeating: 255, count: canvasWidth * canvasHeight * 3)
        let left = canvasWidth - side - 10, top = 20
        for row in 0 ..< pepper.height {
            for column in 0 ..< pepper.width {
                let color = pepper[column, row]
                let index = ((top + row) * canvasWidth + left + column) * 3
                (pixels[index], pixels[index + 1], pixels[index + 2]) = (color.red, color.green, color.blue)
            }
        }
        return (RGBImage(width: canvasWidth, height: canvasHeight, pixels: pixels),
                PixelRect(x: Double(left), y: Double(top), width: Double(pepper.width), height: Double(pepper.height)))
    }

    func testTheMapAveragedPlusBiasIsTheClassScore() throws {
        let classifier = try InstalledTestModel.classifier()
        let mapper = try ClassActivationMapper(classifier: classifier)
        XCTAssertEqual(mapper.head.classCount, 1000)
        XCTAssertEqual(mapper.head.channelCount, 1280)
        let image = try ImageDecoder.decode(contentsOf: TestRepository.sample("cabbage.jpg"))
        let input = Tensor(shape: mapper.preprocessing.tensorShape(), floats: image.tensorValues(mapper.preprocessing))
        let outputs = try classifier.session.run([classifier.inputName: input])
        let logits = try XCTUnwrap(outputs["logits"]).floats
        let featureMap = try XCTUnwrap(outputs["feature_map"])
        XCTAssertEqual(featureMap.shape, [1, 1280, 7, 7])
        for classIndex in [936, 0, 945] {
            let scores = mapper.classScores(classIndex, features: featureMap.floats, cells: 49)
            let pooled = scores.reduce(0, +) / 49 + mapper.head.bias[classIndex]
            XCTAssertEqual(pooled, logits[classIndex], accuracy: 1e-3 * max(1, abs(logits[classIndex])), "class \(classIndex)")
        }
    }

    func testTheBellPepperBoxFindsAPepperPlacedAtTheRight() throws {
        let mapper = try ClassActivationMapper(classifier: InstalledTestModel.classifier())
        let (image, pepper) = try pepperOnTheRight()
        let result = try XCTUnwrap(mapper.localize(image: image, classIndices: [945]).first)
        XCTAssertEqual(result.label, "bell pepper")
        XCTAssertEqual(result.map.width, 7)
        XCTAssertEqual(result.map.values.max(), 1)
        let box = try XCTUnwrap(result.regions.first).boundingBox
        XCTAssertGreaterThan(box.intersectionOverUnion(with: pepper), 0.4, "box \(box), pepper \(pepper)")
        XCTAssertGreaterThan(box.x, Double(image.width) / 3, "the box must not reach into the empty left part")
        let leftThird = result.map.value(atFractionX: 1.0 / 6, fractionY: 0.5)
        let pepperCentre = result.map.value(atFractionX: pepper.x / Double(image.width) + pepper.width / Double(2 * image.width),
                                            fractionY: 0.5)
        XCTAssertLessThan(leftThird, 0.2)
        XCTAssertGreaterThan(pepperCentre, 0.6)
    }

    func testWithoutRequestedClassesTheMostLikelyAreMappedBestFirst() throws {
        let mapper = try ClassActivationMapper(classifier: InstalledTestModel.classifier())
        let photo = try ImageDecoder.decode(contentsOf: TestRepository.sample("green-bell-pepper.jpg"))
        let results = try mapper.localize(image: photo, top: 3)
        XCTAssertEqual(results.count, 3)
        XCTAssertEqual(results.first?.label, "bell pepper")
        XCTAssertEqual(results.map(\.confidence), results.map(\.confidence).sorted(by: >))
        for result in results {
            for region in result.regions {
                let box = region.boundingBox
                XCTAssertTrue(box.x >= 0 && box.y >= 0 && box.x + box.width <= 300.001 && box.y + box.height <= 300.001,
                              "\(result.label): \(box) leaves the 300×300 photo")
            }
        }
    }

    func testRequestedClassesAreMappedInOrderAndUnknownOnesRefused() throws {
        let mapper = try ClassActivationMapper(classifier: InstalledTestModel.classifier())
        let (image, _) = try pepperOnTheRight()
        let results = try mapper.localize(image: image, classIndices: [939, 945])
        XCTAssertEqual(results.map(\.label), ["zucchini", "bell pepper"])
        XCTAssertGreaterThan(results[1].confidence, results[0].confidence)
        XCTAssertThrowsError(try mapper.localize(image: image, classIndices: [1000])) { error in
            XCTAssertEqual(error as? LocalizationError, .unknownClass(model: "lite0", index: 1000, classCount: 1000))
        }
    }

    func testHeadsThatAreNotPoolingThenLinearAreRefusedWithTheReason() throws {
        let weights = Tensor(shape: [3, 4], floats: [Float](repeating: 0.5, count: 12))
        func graph(between: [Node]) -> Graph {
            Graph(name: "head", nodes: between + [Node(name: "fc", opType: "Gemm", inputs: ["flat", "w"], outputs: ["logits"])],
                  initializers: ["w": weights],
                  inputs: [ValueInfo(name: "map", elementType: .float32, shape: nil)],
                  outputs: [ValueInfo(name: "logits", elementType: .float32, shape: nil)])
        }
        let pooled = graph(between: [Node(name: "pool", opType: "GlobalAveragePool", inputs: ["map"], outputs: ["pooled"]),
                                     Node(name: "flatten", opType: "Flatten", inputs: ["pooled"], outputs: ["flat"])])
        let head = try LinearHead(graph: pooled, logitsName: "logits", featureMapName: "map", model: "m")
        XCTAssertEqual(head.classCount, 4)
        XCTAssertEqual(head.channelCount, 3)
        XCTAssertEqual(head.bias, [0, 0, 0, 0])

        let maxPooled = graph(between: [Node(name: "pool", opType: "GlobalMaxPool", inputs: ["map"], outputs: ["pooled"]),
                                        Node(name: "flatten", opType: "Flatten", inputs: ["pooled"], outputs: ["flat"])])
        XCTAssertThrowsError(try LinearHead(graph: maxPooled, logitsName: "logits", featureMapName: "map", model: "m")) { error in
            XCTAssertTrue("\(error)".contains("GlobalMaxPool"), "\(error)")
        }
        let unpooled = graph(between: [Node(name: "flatten", opType: "Flatten", inputs: ["map"], outputs: ["flat"])])
        XCTAssertThrowsError(try LinearHead(graph: unpooled, logitsName: "logits", featureMapName: "map", model: "m")) { error in
            XCTAssertTrue("\(error)".contains("without global average pooling"), "\(error)")
        }
    }

    func testAModelWithoutAFeatureMapOutputIsRefused() throws {
        var model = try InstalledTestModel.lite0()
        model.manifest.outputs["feature_map"] = nil
        let classifier = try ImageClassifier(model: model, options: InferenceOptions(threads: 1))
        XCTAssertThrowsError(try ClassActivationMapper(classifier: classifier)) { error in
            XCTAssertEqual(error as? LocalizationError, .noFeatureMap(model: "lite0"))
        }
    }
}
