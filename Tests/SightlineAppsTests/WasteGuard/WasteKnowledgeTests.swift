// WasteKnowledgeTests: the integrity of WasteGuard's bundled knowledge — the original's 20 classes
// in its order with its display names followed by Sightline's 7, every municipality with exactly
// one rule per class naming existing bins, a readable SVG symbol per bin, texts in every language,
// ImageNet correspondences that exist in the 1000-class label list, the class each material
// names — and that broken data is refused with the file named.
import SightlineApps
import XCTest

final class WasteKnowledgeTests: XCTestCase {
    func testTheOriginalTwentyClassesComeFirstThenSightlinesSeven() throws {
        let knowledge = try WasteKnowledge.bundled()
        XCTAssertEqual(knowledge.classes.map(\.label), [
            "feather", "flower", "egg", "kitchen paper", "apple", "foliage", "soil", "egg carton", "orange", "bone",
            "cigarette", "pill", "plastic cup", "plastic bag", "glass", "face mask", "ceramic", "can", "battery", "stone",
            "plastic", "paper", "metal", "electronics", "fruit", "vegetable", "bread",
        ])
        XCTAssertEqual(knowledge.classes.map { $0.displayName.text(in: .english) }, [
            "feather", "flower", "egg shell", "paper towel", "apple", "foliage", "soil", "egg carton", "orange peel", "bone",
            "cigarette", "pill", "plastic cup", "plastic bag", "glass", "face mask", "ceramic", "can", "battery", "stone",
            "plastic", "paper or cardboard", "metal", "electronic device", "fruit", "vegetable", "bread",
        ])
        XCTAssertEqual(knowledge.classes.map(\.isOrganic), Array(repeating: true, count: 10) + Array(repeating: false, count: 10)
            + [false, false, false, false, true, true, true])
        XCTAssertEqual(knowledge.classes.map(\.index), Array(0 ..< 27))
        XCTAssertEqual(WasteKnowledge.originalClassCount, 20)
        for wasteClass in knowledge.classes {
            for language in Language.allCases {
                XCTAssertFalse(wasteClass.displayName.text(in: language).isEmpty)
            }
        }
        XCTAssertEqual(knowledge.wasteClass(label: "egg")?.displayName.text(in: .german), "Eierschale")
    }

    func testEveryMunicipalityHasOneRuleForEachClassWithKnownBins() throws {
        let knowledge = try WasteKnowledge.bundled()
        XCTAssertEqual(knowledge.defaultMunicipality.id, "ulm-alb-donau")
        XCTAssertEqual(knowledge.municipalities.filter(\.isDefault).map(\.id), ["ulm-alb-donau"])
        XCTAssertTrue(knowledge.municipalities.contains { $0.id == "berlin" })
        let labels = knowledge.classes.map(\.label)
        let binIDs = Set(knowledge.bins.map(\.id))
        for municipality in knowledge.municipalities {
            XCTAssertEqual(municipality.rules.count, knowledge.classes.count, municipality.id)
            XCTAssertEqual(Set(municipality.rules.map(\.label)), Set(labels), municipality.id)
            XCTAssertTrue(municipality.source.url.hasPrefix("https://"), municipality.id)
            for rule in municipality.rules {
                XCTAssertTrue(binIDs.contains(rule.bin), "\(municipality.id) \(rule.label): \(rule.bin)")
                XCTAssertTrue(rule.alternatives.allSatisfy(binIDs.contains), "\(municipality.id) \(rule.label)")
                XCTAssertFalse(rule.alternatives.contains(rule.bin), "\(municipality.id) \(rule.label)")
                for language in Language.allCases {
                    XCTAssertGreaterThan(rule.reason.text(in: language).count, 20, "\(municipality.id) \(rule.label) \(language)")
                }
            }
        }
        // Facts the README's decisions rest on.
        let ulm = knowledge.defaultMunicipality
        XCTAssertEqual(ulm.rule(for: "plastic bag")?.bin, "gelbe-tonne")
        XCTAssertEqual(ulm.rule(for: "battery")?.bin, "battery-collection")
        XCTAssertEqual(ulm.rule(for: "egg carton")?.bin, "biotonne")
        XCTAssertEqual(ulm.rule(for: "pill")?.bin, "restmuell")
        XCTAssertEqual(ulm.rule(for: "pill")?.alternatives.contains("pharmacy"), true)
        XCTAssertEqual(knowledge.municipality(id: "berlin")?.rule(for: "soil")?.bin, "restmuell")
        for municipality in knowledge.municipalities {
            XCTAssertEqual(municipality.rule(for: "paper")?.bin, "altpapier", municipality.id)
            XCTAssertEqual(municipality.rule(for: "electronics")?.bin, "wertstoffhof", municipality.id)
            XCTAssertEqual(municipality.rule(for: "electronics")?.alternatives, ["battery-collection"], municipality.id)
            for organic in ["fruit", "vegetable", "bread"] {
                XCTAssertEqual(municipality.rule(for: organic)?.bin, "biotonne", "\(municipality.id) \(organic)")
            }
        }
    }

    func testEveryBinHasAColourAndAnSVGSymbol() throws {
        let knowledge = try WasteKnowledge.bundled()
        XCTAssertEqual(Set(knowledge.bins.map(\.id)), ["biotonne", "gelbe-tonne", "altpapier", "altglas", "restmuell",
                                                       "battery-collection", "pharmacy", "schadstoff", "wertstoffhof"])
        for bin in knowledge.bins {
            let svg = try knowledge.symbolSVG(of: bin)
            XCTAssertTrue(svg.contains("<svg"), bin.id)
            XCTAssertTrue(svg.contains("viewBox=\"0 0 64 64\""), bin.id)
            XCTAssertTrue(FileManager.default.fileExists(atPath: AppResources.url(bin.symbolPath).path), bin.id)
            XCTAssertTrue(bin.color.count == 7 && bin.color.hasPrefix("#") && bin.color.dropFirst().allSatisfy(\.isHexDigit), bin.id)
        }
    }

    func testTextsExistInEveryLanguage() throws {
        let texts = try WasteKnowledge.bundled().texts
        var all = [texts.overview.title, texts.overview.intro, texts.tally.explanation]
        for mode in WasteGuardMode.allCases { all += [texts.help(for: mode).title, texts.help(for: mode).body] }
        for document in ConsentDocument.allCases {
            all += [texts.consentDocument(document).title, texts.consentDocument(document).body]
        }
        for text in all {
            XCTAssertFalse(text.de?.isEmpty ?? true, text.en)
            XCTAssertFalse(text.uk?.isEmpty ?? true, text.en)
        }
        XCTAssertEqual(texts.help(for: .check).title.en, "Check organic waste")
        XCTAssertEqual(texts.help(for: .classify).title.en, "Classify objects")
        let classCount = try WasteKnowledge.bundled().classes.count
        for language in Language.allCases {
            XCTAssertTrue(texts.overview.intro.text(in: language).contains("\(classCount) "), "the intro counts every class")
        }
    }

    func testImageNetCorrespondencesNameRealImageNetClasses() throws {
        let knowledge = try WasteKnowledge.bundled()
        let imageNetLabels = try ObjectCategories.bundled().classLabels
        let correspondences = ImageNetWasteRecognizer.correspondences(labels: imageNetLabels, knowledge: knowledge)
        XCTAssertEqual(correspondences.map(\.wasteClass.label),
                       ["feather", "flower", "kitchen paper", "apple", "orange", "plastic bag", "glass", "ceramic",
                        "plastic", "paper", "metal", "electronics", "fruit", "vegetable", "bread"])
        let mapped = knowledge.classes.flatMap(\.imageNetLabels)
        XCTAssertEqual(Set(mapped).count, mapped.count, "an ImageNet class stands for one WasteGuard class at most")
        for correspondence in correspondences {
            XCTAssertEqual(correspondence.classLabels, correspondence.wasteClass.imageNetLabels)
            XCTAssertEqual(correspondence.classIndices.map { imageNetLabels[$0] }, correspondence.classLabels)
        }
        XCTAssertEqual(correspondences.first { $0.wasteClass.label == "apple" }?.classIndices, [948])
    }

    func testEachMaterialButTrashIsANonOrganicClass() throws {
        let knowledge = try WasteKnowledge.bundled()
        let materials = try WasteMaterials.bundled()
        XCTAssertEqual(Set(materials.names.keys), ["cardboard", "glass", "metal", "paper", "plastic", "trash"])
        XCTAssertEqual(materials.classLabels, ["cardboard": "paper", "glass": "glass", "metal": "metal", "paper": "paper",
                                               "plastic": "plastic"])
        for label in materials.names.keys where label != "trash" {
            let wasteClass = try XCTUnwrap(materials.wasteClass(of: label, knowledge: knowledge), label)
            XCTAssertFalse(wasteClass.isOrganic, label)
        }
        XCTAssertNil(materials.wasteClass(of: "trash", knowledge: knowledge), "TrashNet's catch-all names no class")
    }

    func testBrokenDataIsRefusedNamingTheFile() throws {
        let bundled = try WasteKnowledge.bundled()
        let classRows = try AppResources.tableRows(WasteKnowledge.classesFile)
        let binRows = try AppResources.tableRows(WasteKnowledge.binsFile)
        let ulm = bundled.defaultMunicipality
        func build(classes: [[String: String]] = classRows, bins: [[String: String]] = binRows,
                   municipalities: [(file: String, municipality: Municipality)]) throws -> WasteKnowledge {
            try WasteKnowledge(classRows: classes, binRows: bins, municipalities: municipalities, texts: bundled.texts)
        }
        XCTAssertNoThrow(try build(municipalities: [("waste/municipalities/ulm-alb-donau.json", ulm)]))

        var missingRule = ulm
        missingRule.rules.removeLast()
        XCTAssertThrowsError(try build(municipalities: [("waste/municipalities/ulm-alb-donau.json", missingRule)])) { error in
            XCTAssertTrue("\(error)".contains("ulm-alb-donau.json") && "\(error)".contains("missing: bread"), "\(error)")
        }
        var unknownBin = ulm
        unknownBin.rules[0].bin = "compost-heap"
        XCTAssertThrowsError(try build(municipalities: [("waste/municipalities/ulm-alb-donau.json", unknownBin)])) { error in
            XCTAssertTrue("\(error)".contains("compost-heap"), "\(error)")
        }
        XCTAssertThrowsError(try build(municipalities: [("waste/municipalities/ulm.json", ulm)])) { error in
            XCTAssertTrue("\(error)".contains("file name"), "\(error)")
        }
        var notDefault = ulm
        notDefault.isDefault = false
        XCTAssertThrowsError(try build(municipalities: [("waste/municipalities/ulm-alb-donau.json", notDefault)]))
        XCTAssertThrowsError(try build(classes: Array(classRows.prefix(WasteKnowledge.originalClassCount - 1)),
                                       municipalities: [("waste/municipalities/ulm-alb-donau.json", ulm)])) { error in
            XCTAssertTrue("\(error)".contains("classes.tsv"), "\(error)")
        }
        XCTAssertThrowsError(try build(classes: Array(classRows.dropLast()),
                                       municipalities: [("waste/municipalities/ulm-alb-donau.json", ulm)])) { error in
            XCTAssertTrue("\(error)".contains("ulm-alb-donau.json") && "\(error)".contains("unknown: bread"), "\(error)")
        }
    }

    func testGuidanceFollowsTheChosenMunicipality() throws {
        let knowledge = try WasteKnowledge.bundled()
        let soil = try XCTUnwrap(knowledge.wasteClass(label: "soil"))
        let ulm = try XCTUnwrap(DisposalGuidance(for: soil, municipality: knowledge.defaultMunicipality, knowledge: knowledge))
        let berlin = try XCTUnwrap(DisposalGuidance(for: soil, municipality: XCTUnwrap(knowledge.municipality(id: "berlin")),
                                                    knowledge: knowledge))
        XCTAssertEqual(ulm.bin.id, "biotonne")
        XCTAssertEqual(berlin.bin.id, "restmuell")
        XCTAssertEqual(berlin.municipalityID, "berlin")
        XCTAssertNotEqual(ulm.reason.text(in: .german), berlin.reason.text(in: .german))
    }
}
