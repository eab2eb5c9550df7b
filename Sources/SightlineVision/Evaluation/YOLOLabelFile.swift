// YOLOLabelFile: reads one YOLO label file — a line per object, `class cx cy w h` as fractions
// of the photo's size, or `class x1 y1 x2 y2 …` polygon points (segmentation exports), which
// become the polygon's bounding box.
import Foundation

enum YOLOLabelFile {
    /// Why a label file could not be used: the reason names the line.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The objects in the label file at `url`.
    ///
    /// - Throws: `Problem` when the file cannot be read or a line is malformed.
    static func read(contentsOf url: URL) throws -> [GroundTruthObject] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Problem(description: "cannot read it (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "it is not UTF-8 text")
        }
        return try parse(text)
    }

    /// The objects in label-file text. Blank lines are skipped; coordinates must be finite and
    /// within [0, 1] (a millionth of tolerance for rounding), sizes non-negative.
    static func parse(_ text: String) throws -> [GroundTruthObject] {
        var objects: [GroundTruthObject] = []
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard !fields.isEmpty else { continue }
            let lineNumber = offset + 1
            func problem(_ reason: String) -> Problem {
                Problem(description: "line \(lineNumber) (\"\(line.trimmingCharacters(in: .whitespacesAndNewlines))\") \(reason)")
            }
            guard let classValue = Double(fields[0]), classValue >= 0, classValue == classValue.rounded(),
                  classValue < Double(Int32.max) else {
                throw problem("does not start with a class index (a whole number from 0)")
            }
            let numbers = fields.dropFirst().map { Double($0) }
            guard numbers.allSatisfy({ $0.map { $0.isFinite && $0 >= -1e-6 && $0 <= 1 + 1e-6 } ?? false }) else {
                throw problem("has a coordinate that is not a number between 0 and 1")
            }
            let values = numbers.map { $0! }
            let box: NormalizedRect
            if values.count == 4 {
                box = NormalizedRect(centerX: values[0], centerY: values[1], width: values[2], height: values[3])
            } else if values.count >= 6, values.count % 2 == 0 {
                let xs = stride(from: 0, to: values.count, by: 2).map { values[$0] }
                let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
                box = NormalizedRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            } else {
                throw problem("has \(fields.count) values; expected `class cx cy w h`, or a class and three or more x y points")
            }
            objects.append(GroundTruthObject(classIndex: Int(classValue), box: box))
        }
        return objects
    }
}
