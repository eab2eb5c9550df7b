// ImageNetClassTable: the 1000 ImageNet classes in output index order with their WordNet ids
// and short names, read from the repository's Data/imagenet-classes.tsv, so photos filed in
// `<wnid>/` folders can be matched with a classifier's output index.
public import Foundation

/// The ImageNet-1k classes: index ↔ WordNet id ("n02123045") ↔ name ("tabby cat").
public struct ImageNetClassTable: Sendable {
    public struct Entry: Sendable, Equatable {
        public var index: Int
        public var wnid: String
        public var name: String
    }

    /// The classes in index order.
    public let entries: [Entry]
    private let indexByWNID: [String: Int]

    /// Parses a tab-separated table with the header `index	wnid	name` and one row per class,
    /// indices 0, 1, 2, … in order.
    ///
    /// - Throws: `EvaluationError.invalidClassTable` naming the file and the bad line.
    public init(contentsOf url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw EvaluationError.invalidClassTable(path: url.path, reason: "cannot read it (\(error.localizedDescription))")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map({ $0.split(separator: "\t") == ["index", "wnid", "name"] }) == true else {
            throw EvaluationError.invalidClassTable(path: url.path, reason: "the first line must be the header index<TAB>wnid<TAB>name")
        }
        var entries: [Entry] = []
        var indexByWNID: [String: Int] = [:]
        for (lineNumber, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let index = Int(fields[0]), index == entries.count else {
                throw EvaluationError.invalidClassTable(path: url.path, reason:
                    "line \(lineNumber + 1) is not `\(entries.count)<TAB>wnid<TAB>name`: \(line)")
            }
            guard indexByWNID.updateValue(index, forKey: fields[1]) == nil else {
                throw EvaluationError.invalidClassTable(path: url.path, reason: "line \(lineNumber + 1) repeats the WordNet id \(fields[1])")
            }
            entries.append(Entry(index: index, wnid: fields[1], name: fields[2]))
        }
        self.entries = entries
        self.indexByWNID = indexByWNID
    }

    /// The output index of the class with this WordNet id.
    public func index(ofWNID wnid: String) -> Int? {
        indexByWNID[wnid]
    }
}
