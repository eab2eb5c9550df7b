// WasteReportFormat: how `sightline waste` shows one analysed photo as readable text (the JSON
// form is WasteReportJSON).
import Foundation
import SightlineApps
import SightlineImaging
import SightlinePresentation
import SightlineVision

enum WasteReportFormat {
    /// The report as text: the objects with their boxes and guidance, then the information text.
    static func text(_ report: WasteReport, file: String, title: String, models: [String]) -> String {
        let language = report.language
        var lines = ["\(file) — \(title) (\(models.joined(separator: ", ")); \(report.municipality.name.text(in: language)))"]
        for item in report.items {
            let box = item.object.boundingBox
            lines.append(String(format: "  %@ %@  %@  %.0f×%.0f at (%.0f, %.0f)", item.object.isOrganic ? "[green]" : "[red]",
                                item.displayName, item.object.confidenceText, box.width, box.height, box.x, box.y))
            if let guidance = item.guidance {
                var destination = "    → \(guidance.bin.name.text(in: language))"
                if !guidance.alternatives.isEmpty {
                    destination += "; also: " + guidance.alternatives.map { $0.name.text(in: language) }.joined(separator: "; ")
                }
                lines.append(destination)
                lines.append("      \(guidance.reason.text(in: language))")
            }
        }
        lines.append("")
        lines.append(report.information.trimmingCharacters(in: .newlines))
        return lines.joined(separator: "\n") + "\n"
    }
}
