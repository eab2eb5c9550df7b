// WasteInformationTests: WasteGuard's information text, the whole table — no, one and several
// detections of organic, non-organic and mixed objects, in both modes, in English and German —
// plus the rules behind it: names deduplicated in order of first appearance (most confident
// first), singular or plural by the number of detections rather than of names; and how the
// heads' whole-photo verdict joins the text — a foreign verdict flags the photo even when only
// organic objects were found, an organic one leaves the original's all-clear untouched.
import SightlineApps
import SightlineImaging
import SightlineVision
import XCTest

final class WasteInformationTests: XCTestCase {
    private var knowledge: WasteKnowledge!
    private var materials: WasteMaterials!

    override func setUpWithError() throws {
        knowledge = try WasteKnowledge.bundled()
        materials = try WasteMaterials.bundled()
    }

    /// Findings of the given labels; confidences fall in list order so the order is kept.
    private func findings(_ labels: [String]) throws -> WasteFindings {
        let size = ImageSize(width: 100, height: 100)
        let objects = try labels.enumerated().map { offset, label in
            let wasteClass = try XCTUnwrap(knowledge.wasteClass(label: label), label)
            return WasteObject(wasteClass: wasteClass, confidence: 0.9 - Double(offset) * 0.05,
                               boundingBox: PixelRect(x: Double(offset), y: 0, width: 10, height: 10), imageSize: size,
                               evidence: .detector(model: "test"))
        }
        return WasteFindings(imageSize: size, objects: objects, verdict: nil)
    }

    private func information(_ labels: [String], _ mode: WasteGuardMode, _ language: Language) throws -> String {
        WasteReport(findings: try findings(labels), mode: mode, language: language, municipality: knowledge.defaultMunicipality,
                    knowledge: knowledge, materials: materials).information
    }

    /// (objects found, check-mode text, classify-mode text)
    private typealias Row = (objects: [String], check: String, classify: String)

    private static let englishTable: [Row] = [
        ([],
         "No foreign matter was detected in the waste.\n",
         "No objects were detected.\n"),
        (["apple"],
         "No foreign matter was detected in the waste.\n",
         "Detected object: apple\nThe marked object is organic waste.\n"),
        (["apple", "orange"],
         "No foreign matter was detected in the waste.\n",
         "Detected objects: apple, orange peel\nAll marked objects are organic waste.\n"),
        (["plastic bag"],
         "Detected object: plastic bag\nPlease remove the marked object from organic waste.\n",
         "Detected object: plastic bag\nThe marked object is non-organic waste.\n"),
        (["plastic bag", "battery"],
         "Detected objects: plastic bag, battery\nPlease remove all marked objects from organic waste.\n",
         "Detected objects: plastic bag, battery\nAll marked objects are non-organic waste.\n"),
        (["apple", "plastic bag"],
         "Detected object: plastic bag\nPlease remove the marked object from organic waste.\n",
         "The following object (marked in green) is organic waste: apple\n"
            + "The following object (marked in red) is non-organic waste: plastic bag\n"),
        (["apple", "plastic bag", "battery"],
         "Detected objects: plastic bag, battery\nPlease remove all marked objects from organic waste.\n",
         "The following object (marked in green) is organic waste: apple\n"
            + "The following objects (marked in red) are non-organic waste: plastic bag, battery\n"),
        (["apple", "orange", "plastic bag"],
         "Detected object: plastic bag\nPlease remove the marked object from organic waste.\n",
         "The following objects (marked in green) are organic waste: apple, orange peel\n"
            + "The following object (marked in red) is non-organic waste: plastic bag\n"),
        (["plastic bag", "apple", "battery", "orange"],
         "Detected objects: plastic bag, battery\nPlease remove all marked objects from organic waste.\n",
         "The following objects (marked in green) are organic waste: apple, orange peel\n"
            + "The following objects (marked in red) are non-organic waste: plastic bag, battery\n"),
    ]

    private static let germanTable: [Row] = [
        ([],
         "Im Abfall wurden keine Fremdstoffe erkannt.\n",
         "Es wurden keine Objekte erkannt.\n"),
        (["apple"],
         "Im Abfall wurden keine Fremdstoffe erkannt.\n",
         "Erkanntes Objekt: Apfel\nDas markierte Objekt ist Bioabfall.\n"),
        (["apple", "orange"],
         "Im Abfall wurden keine Fremdstoffe erkannt.\n",
         "Erkannte Objekte: Apfel, Orangenschale\nAlle markierten Objekte sind Bioabfall.\n"),
        (["plastic bag"],
         "Erkanntes Objekt: Plastiktüte\nBitte entfernen Sie das markierte Objekt aus dem Biomüll.\n",
         "Erkanntes Objekt: Plastiktüte\nDas markierte Objekt ist kein Bioabfall.\n"),
        (["plastic bag", "battery"],
         "Erkannte Objekte: Plastiktüte, Batterie\nBitte entfernen Sie alle markierten Objekte aus dem Biomüll.\n",
         "Erkannte Objekte: Plastiktüte, Batterie\nKeines der markierten Objekte ist Bioabfall.\n"),
        (["apple", "plastic bag"],
         "Erkanntes Objekt: Plastiktüte\nBitte entfernen Sie das markierte Objekt aus dem Biomüll.\n",
         "Folgendes Objekt (grün markiert) ist Bioabfall: Apfel\n"
            + "Folgendes Objekt (rot markiert) ist kein Bioabfall: Plastiktüte\n"),
        (["apple", "plastic bag", "battery"],
         "Erkannte Objekte: Plastiktüte, Batterie\nBitte entfernen Sie alle markierten Objekte aus dem Biomüll.\n",
         "Folgendes Objekt (grün markiert) ist Bioabfall: Apfel\n"
            + "Folgende Objekte (rot markiert) sind kein Bioabfall: Plastiktüte, Batterie\n"),
        (["apple", "orange", "plastic bag"],
         "Erkanntes Objekt: Plastiktüte\nBitte entfernen Sie das markierte Objekt aus dem Biomüll.\n",
         "Folgende Objekte (grün markiert) sind Bioabfall: Apfel, Orangenschale\n"
            + "Folgendes Objekt (rot markiert) ist kein Bioabfall: Plastiktüte\n"),
        (["plastic bag", "apple", "battery", "orange"],
         "Erkannte Objekte: Plastiktüte, Batterie\nBitte entfernen Sie alle markierten Objekte aus dem Biomüll.\n",
         "Folgende Objekte (grün markiert) sind Bioabfall: Apfel, Orangenschale\n"
            + "Folgende Objekte (rot markiert) sind kein Bioabfall: Plastiktüte, Batterie\n"),
    ]

    func testEnglishTable() throws {
        for row in Self.englishTable {
            XCTAssertEqual(try information(row.objects, .check, .english), row.check, "check \(row.objects)")
            XCTAssertEqual(try information(row.objects, .classify, .english), row.classify, "classify \(row.objects)")
        }
    }

    func testGermanTable() throws {
        for row in Self.germanTable {
            XCTAssertEqual(try information(row.objects, .check, .german), row.check, "check \(row.objects)")
            XCTAssertEqual(try information(row.objects, .classify, .german), row.classify, "classify \(row.objects)")
        }
    }

    func testUkrainianUsesItsOwnSentences() throws {
        XCTAssertEqual(try information(["plastic bag"], .check, .ukrainian),
                       "Виявлений об’єкт: поліетиленовий пакет\nБудь ласка, вийміть позначений об’єкт з органічних відходів.\n")
        XCTAssertEqual(try information([], .classify, .ukrainian), "Жодних об’єктів не виявлено.\n")
    }

    func testTwoDetectionsOfOneKindAreNamedOnceButCountAsPlural() throws {
        XCTAssertEqual(try information(["plastic bag", "plastic bag"], .check, .english),
                       "Detected objects: plastic bag\nPlease remove all marked objects from organic waste.\n")
        XCTAssertEqual(try information(["plastic bag", "plastic bag"], .classify, .english),
                       "Detected objects: plastic bag\nAll marked objects are non-organic waste.\n")
        XCTAssertEqual(try information(["apple", "apple"], .classify, .english),
                       "Detected objects: apple\nAll marked objects are organic waste.\n")
        XCTAssertEqual(try information(["apple", "plastic bag", "apple"], .classify, .english),
                       "The following objects (marked in green) are organic waste: apple\n"
                        + "The following object (marked in red) is non-organic waste: plastic bag\n")
        XCTAssertEqual(try information(["apple", "plastic bag", "plastic bag"], .classify, .german),
                       "Folgendes Objekt (grün markiert) ist Bioabfall: Apfel\n"
                        + "Folgende Objekte (rot markiert) sind kein Bioabfall: Plastiktüte\n")
    }

    func testNamesKeepTheOrderOfFirstAppearanceByConfidence() throws {
        XCTAssertEqual(try information(["battery", "plastic bag", "battery", "can"], .check, .english),
                       "Detected objects: battery, plastic bag, can\nPlease remove all marked objects from organic waste.\n")
        // Display names, not model labels: "kitchen paper" shows as "paper towel", "egg" as "egg shell".
        XCTAssertEqual(try information(["kitchen paper", "flower", "egg"], .classify, .english),
                       "Detected objects: paper towel, flower, egg shell\nAll marked objects are organic waste.\n")
    }

    func testCheckModeReportsOnlyNonOrganicObjectsInRed() throws {
        let report = WasteReport(findings: try findings(["apple", "plastic bag", "orange", "battery"]), mode: .check,
                                 language: .english, municipality: knowledge.defaultMunicipality,
                                 knowledge: knowledge, materials: materials)
        XCTAssertEqual(report.items.map(\.object.wasteClass.label), ["plastic bag", "battery"])
        XCTAssertEqual(Set(report.items.map(\.role)), [.nonOrganic])
        let classified = WasteReport(findings: try findings(["apple", "plastic bag"]), mode: .classify, language: .english,
                                     municipality: knowledge.defaultMunicipality, knowledge: knowledge, materials: materials)
        XCTAssertEqual(classified.items.map(\.role), [.organic, .nonOrganic])
        XCTAssertEqual(classified.items.map(\.object.confidenceText), ["90.0%", "85.0%"])
    }

    /// "Where it goes: <bin>.\n": the sentence that ends a shown verdict, for the bin the default
    /// municipality's rule for `label` names (or the bin `binID` when no class is given).
    private func whereItGoes(_ label: String?, binID: String? = nil, _ language: Language) throws -> String {
        let bin = try label.map { label in
            try XCTUnwrap(DisposalGuidance(for: XCTUnwrap(knowledge.wasteClass(label: label)), municipality: knowledge.defaultMunicipality,
                                           knowledge: knowledge)).bin
        } ?? XCTUnwrap(knowledge.bin(id: XCTUnwrap(binID)))
        let lead = ["en": "Where it goes: ", "de": "Wohin damit: ", "uk": "Куди викинути: "][language.rawValue]!
        return lead + bin.name.text(in: language) + ".\n"
    }

    func testAWholePhotoVerdictIsAddedAsWhatItIs() throws {
        let verdict = PhotoVerdict(organic: PhotoJudgement(label: "non-organic", confidence: 0.91, model: "waste-organic"),
                                   material: PhotoJudgement(label: "plastic", confidence: 0.784, model: "waste-materials"))
        let findings = WasteFindings(imageSize: ImageSize(width: 10, height: 10), objects: [], verdict: verdict)
        func report(_ mode: WasteGuardMode, _ language: Language) -> WasteReport {
            WasteReport(findings: findings, mode: mode, language: language, municipality: knowledge.defaultMunicipality,
                        knowledge: knowledge, materials: materials)
        }
        // Only the verdict: "No foreign matter was detected" would contradict "non-organic waste".
        // It ends with where the plastic goes, and German writes its percentages as Germans do.
        XCTAssertEqual(report(.check, .english).information,
                       "No specific object was recognised. "
                        + "The whole photo looks like non-organic waste (91.0%), most likely plastic (78.4%).\n"
                        + (try whereItGoes("plastic", .english)))
        XCTAssertEqual(report(.classify, .german).information,
                       "Es wurde kein bestimmtes Objekt erkannt. "
                        + "Das ganze Foto sieht nicht nach Bioabfall aus (91,0\u{00A0}%), am ehesten Kunststoff (78,4\u{00A0}%).\n"
                        + (try whereItGoes("plastic", .german)))
        XCTAssertEqual(report(.check, .english).verdictGuidance?.bin.id, knowledge.defaultMunicipality.rule(for: "plastic")?.bin)
        XCTAssertEqual(report(.check, .english).verdictCaption, "non-organic waste (plastic), 91.0%")
        XCTAssertTrue(report(.check, .english).items.isEmpty)

        let organic = PhotoVerdict(organic: PhotoJudgement(label: "organic", confidence: 0.955, model: "waste-organic"), material: nil)
        XCTAssertEqual(organic.text(in: .english, materials: materials),
                       "No specific object was recognised. The whole photo looks like organic waste (95.5%).\n")
        let materialOnly = PhotoVerdict(organic: nil, material: PhotoJudgement(label: "trash", confidence: 0.6, model: "m"))
        XCTAssertEqual(materialOnly.text(in: .english, materials: materials),
                       "No specific object was recognised. The whole photo looks like other waste (60.0%).\n")
        // "Other waste" has no class of its own: it goes in the general waste bin.
        let other = WasteReport(findings: WasteFindings(imageSize: ImageSize(width: 10, height: 10), objects: [], verdict: materialOnly),
                                mode: .classify, language: .english, municipality: knowledge.defaultMunicipality,
                                knowledge: knowledge, materials: materials)
        XCTAssertEqual(other.verdictGuidance?.bin.id, "restmuell")
        XCTAssertTrue(other.information.hasSuffix(try whereItGoes(nil, binID: "restmuell", .english)), other.information)
        // A material below the materials head's threshold is a guess.
        let unsure = PhotoVerdict(organic: nil, material: PhotoJudgement(label: "glass", confidence: 0.41, model: "m", isSure: false))
        XCTAssertEqual(unsure.text(in: .english, materials: materials),
                       "No specific object was recognised. The whole photo may show glass (41.0%).\n")
        let unsureMaterial = PhotoVerdict(organic: PhotoJudgement(label: "non-organic", confidence: 0.9, model: "o"),
                                          material: PhotoJudgement(label: "glass", confidence: 0.41, model: "m", isSure: false))
        XCTAssertEqual(unsureMaterial.text(in: .english, materials: materials),
                       "No specific object was recognised. The whole photo looks like non-organic waste (90.0%), maybe glass (41.0%).\n")
    }

    func testAForeignVerdictFlagsThePhotoEvenWhenOnlyOrganicObjectsWereFound() throws {
        var findings = try findings(["apple"])
        findings.verdict = PhotoVerdict(organic: PhotoJudgement(label: "non-organic", confidence: 0.91, model: "waste-organic"),
                                        material: PhotoJudgement(label: "plastic", confidence: 0.784, model: "waste-materials"),
                                        objectsFound: true)
        func report(_ mode: WasteGuardMode, _ language: Language) -> WasteReport {
            WasteReport(findings: findings, mode: mode, language: language, municipality: knowledge.defaultMunicipality,
                        knowledge: knowledge, materials: materials)
        }
        XCTAssertTrue(report(.check, .english).items.isEmpty, "the apple is not marked in check mode")
        XCTAssertEqual(report(.check, .english).information,
                       "The photo as a whole looks like non-organic waste (91.0%), most likely plastic (78.4%).\n"
                        + (try whereItGoes("plastic", .english)),
                       "never \"No foreign matter was detected\" beside a verdict of non-organic waste")
        XCTAssertEqual(report(.check, .english).verdictCaption, "non-organic waste (plastic), 91.0%")
        XCTAssertEqual(report(.classify, .german).information,
                       "Erkanntes Objekt: Apfel\nDas markierte Objekt ist Bioabfall.\n"
                        + "Als Ganzes sieht das Foto nicht nach Bioabfall aus (91,0\u{00A0}%), am ehesten Kunststoff (78,4\u{00A0}%).\n"
                        + (try whereItGoes("plastic", .german)))

        findings = try self.findings(["apple", "battery"])
        findings.verdict = PhotoVerdict(organic: PhotoJudgement(label: "non-organic", confidence: 0.7, model: "waste-organic"),
                                        material: PhotoJudgement(label: "metal", confidence: 0.5, model: "waste-materials"),
                                        objectsFound: true)
        XCTAssertEqual(report(.check, .english).information,
                       "Detected object: battery\nPlease remove the marked object from organic waste.\n"
                        + "The photo as a whole looks like non-organic waste (70.0%), most likely metal (50.0%).\n"
                        + (try whereItGoes("metal", .english)))
    }

    func testAnOrganicVerdictKeepsTheOriginalAllClear() throws {
        let organic = PhotoVerdict(organic: PhotoJudgement(label: "organic", confidence: 0.955, model: "waste-organic"), material: nil)
        for (objects, objectsFound) in [([String](), false), (["apple"], true)] {
            var findings = try findings(objects)
            findings.verdict = organic
            findings.verdict?.objectsFound = objectsFound
            let check = WasteReport(findings: findings, mode: .check, language: .english, municipality: knowledge.defaultMunicipality,
                                    knowledge: knowledge, materials: materials)
            XCTAssertEqual(check.information, "No foreign matter was detected in the waste.\n")
            XCTAssertEqual(check.verdictCaption, "")
            XCTAssertEqual(check.verdict, findings.verdict, "the verdict is still in the report")
        }
        var nothing = try findings([])
        nothing.verdict = organic
        XCTAssertEqual(WasteReport(findings: nothing, mode: .classify, language: .english, municipality: knowledge.defaultMunicipality,
                                   knowledge: knowledge, materials: materials).information,
                       "No specific object was recognised. The whole photo looks like organic waste (95.5%).\n"
                        + (try whereItGoes(nil, binID: "biotonne", .english)))
    }
}
