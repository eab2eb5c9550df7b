// BreedFilter: narrowing the encyclopaedia by traits — size, coat, hypoallergenic, good with
// children or pets, the 1–5 scales, kind, registry, origin and whether the scanner recognises
// it — built in code or parsed from "key=value" expressions (`sightline cat breeds --filter`).
import Foundation

/// Conditions an encyclopaedia entry must meet; nil or empty means "any". Every condition set
/// must hold; a condition with several values holds when any of them does.
public struct BreedFilter: Sendable, Hashable {
    /// A 1–5 scale of `CatBreed`.
    public enum Scale: String, Sendable, CaseIterable {
        case activity, grooming, shedding, affection, vocality

        func value(of breed: CatBreed) -> Int {
            switch self {
            case .activity: breed.activity
            case .grooming: breed.grooming
            case .shedding: breed.shedding
            case .affection: breed.affection
            case .vocality: breed.vocality
            }
        }
    }

    public var sizes: Set<CatBreed.Size> = []
    public var coatLengths: Set<CatBreed.CoatLength> = []
    /// Coat pattern words ("tabby", "colourpoint").
    public var coatPatterns: Set<String> = []
    /// Coat colour words ("blue", "seal").
    public var coatColours: Set<String> = []
    public var kinds: Set<CatBreed.Kind> = []
    /// Registry abbreviations, compared case-insensitively ("CFA", "fife").
    public var registries: Set<String> = []
    public var hypoallergenic: Bool?
    public var goodWithChildren: Bool?
    public var goodWithPets: Bool?
    /// Whether the installed breed classifier recognises the entry.
    public var recognisedByScanner: Bool?
    /// Whether the entry is a favourite.
    public var favourite: Bool?
    /// Words the origin must contain (case- and accent-insensitive).
    public var origin: String?
    /// Allowed values of each scale, both ends included.
    public var scaleRanges: [Scale: ClosedRange<Int>] = [:]

    public init() {}

    /// Whether `entry` meets every condition.
    public func matches(_ entry: BreedEncyclopaediaEntry) -> Bool {
        let breed = entry.breed
        if !sizes.isEmpty && !sizes.contains(breed.size) { return false }
        if !coatLengths.isEmpty && !coatLengths.contains(breed.coat.length) { return false }
        if !coatPatterns.isEmpty && coatPatterns.isDisjoint(with: breed.coat.pattern) { return false }
        if !coatColours.isEmpty && coatColours.isDisjoint(with: breed.coat.colours) { return false }
        if !kinds.isEmpty && !kinds.contains(breed.kind) { return false }
        if !registries.isEmpty {
            let wanted = Set(registries.map { $0.uppercased() })
            if wanted.isDisjoint(with: breed.registries.map { $0.uppercased() }) { return false }
        }
        if let hypoallergenic, breed.hypoallergenic != hypoallergenic { return false }
        if let goodWithChildren, breed.goodWithChildren != goodWithChildren { return false }
        if let goodWithPets, breed.goodWithPets != goodWithPets { return false }
        if let recognisedByScanner, entry.isRecognisedByScanner != recognisedByScanner { return false }
        if let favourite, entry.isFavourite != favourite { return false }
        if let origin, !BreedNameMatch.searchKey(breed.origin).contains(BreedNameMatch.searchKey(origin)) { return false }
        for (scale, range) in scaleRanges where !range.contains(scale.value(of: breed)) { return false }
        return true
    }

    // MARK: Parsing "key=value"

    /// The keys `init(expressions:)` understands, with the values each takes.
    public static let expressionHelp: [(key: String, values: String)] = [
        ("size", CatBreed.Size.allCases.map(\.rawValue).joined(separator: ", ")),
        ("coat", CatBreed.CoatLength.allCases.map(\.rawValue).joined(separator: ", ")),
        ("pattern", "a coat pattern word: tabby, colourpoint, spotted, …"),
        ("colour", "a coat colour word: blue, seal, cream, …"),
        ("kind", CatBreed.Kind.allCases.map(\.rawValue).joined(separator: ", ")),
        ("registry", "CFA, TICA, FIFe, GCCF, WCF"),
        ("origin", "a word of the origin: thailand, russia, …"),
        ("hypoallergenic", "true or false"),
        ("children", "true or false (good with children)"),
        ("pets", "true or false (good with other pets)"),
        ("recognised", "true or false (the installed breed classifier knows it)"),
        ("favourite", "true or false"),
    ] + Scale.allCases.map { ($0.rawValue, "N, N-M, N+ (at least N) or N- (at most N), on the 1–5 scale") }

    /// Other spellings accepted for keys.
    private static let keyAliases = [
        "coat-length": "coat", "color": "colour", "good-with-children": "children",
        "good-with-pets": "pets", "recognized": "recognised", "registries": "registry", "favorite": "favourite",
    ]

    /// A filter from expressions such as "size=large", "coat=long,varies", "activity=4+",
    /// "hypoallergenic=true", "registry=FIFe". Values separated by commas mean "any of these".
    /// Repeating a key adds values (sets) or replaces the earlier one (single values).
    ///
    /// - Throws: `BreedFilterError` naming the expression and what it accepts.
    public init(expressions: [String]) throws {
        self.init()
        for expression in expressions {
            try apply(expression)
        }
    }

    private mutating func apply(_ expression: String) throws {
        guard let equals = expression.firstIndex(of: "=") else {
            throw BreedFilterError.notKeyValue(expression: expression)
        }
        let rawKey = expression[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        let key = Self.keyAliases[rawKey] ?? rawKey
        let value = expression[expression.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let values = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard !values.isEmpty else { throw BreedFilterError.missingValue(expression: expression) }
        func choices<T: RawRepresentable>(_ type: T.Type, _ all: [T]) throws -> Set<T> where T.RawValue == String {
            try Set(values.map { word in
                guard let choice = T(rawValue: word) else {
                    throw BreedFilterError.invalidValue(expression: expression, accepted: all.map(\.rawValue).joined(separator: ", "))
                }
                return choice
            })
        }
        func flag() throws -> Bool {
            switch values {
            case ["true"], ["yes"], ["1"]: return true
            case ["false"], ["no"], ["0"]: return false
            default: throw BreedFilterError.invalidValue(expression: expression, accepted: "true or false")
            }
        }
        switch key {
        case "size": sizes.formUnion(try choices(CatBreed.Size.self, CatBreed.Size.allCases))
        case "coat": coatLengths.formUnion(try choices(CatBreed.CoatLength.self, CatBreed.CoatLength.allCases))
        case "kind": kinds.formUnion(try choices(CatBreed.Kind.self, CatBreed.Kind.allCases))
        case "pattern": coatPatterns.formUnion(values)
        case "colour": coatColours.formUnion(values)
        case "registry":
            let known = ["cfa", "tica", "fife", "gccf", "wcf"]
            guard values.allSatisfy(known.contains) else {
                throw BreedFilterError.invalidValue(expression: expression, accepted: "CFA, TICA, FIFe, GCCF, WCF")
            }
            registries.formUnion(values)
        case "origin": origin = value
        case "hypoallergenic": hypoallergenic = try flag()
        case "children": goodWithChildren = try flag()
        case "pets": goodWithPets = try flag()
        case "recognised": recognisedByScanner = try flag()
        case "favourite": favourite = try flag()
        default:
            guard let scale = Scale(rawValue: key) else {
                throw BreedFilterError.unknownKey(expression: expression,
                                                  known: Self.expressionHelp.map(\.key).joined(separator: ", "))
            }
            guard values.count == 1, let range = Self.scaleRange(values[0]) else {
                throw BreedFilterError.invalidValue(expression: expression,
                                                    accepted: "N, N-M, N+ or N- with N and M from 1 to 5")
            }
            scaleRanges[scale] = range
        }
    }

    /// "3" → 3…3, "2-4" → 2…4, "4+" → 4…5, "2-" → 1…2; nil for anything else or outside 1…5.
    static func scaleRange(_ text: String) -> ClosedRange<Int>? {
        let bounds: (Int?, Int?)
        if text.hasSuffix("+") {
            bounds = (Int(text.dropLast()), 5)
        } else if text.hasSuffix("-") {
            bounds = (1, Int(text.dropLast()))
        } else if let dash = text.firstIndex(of: "-") {
            bounds = (Int(text[..<dash]), Int(text[text.index(after: dash)...]))
        } else {
            bounds = (Int(text), Int(text))
        }
        guard let low = bounds.0, let high = bounds.1, 1 <= low, low <= high, high <= 5 else { return nil }
        return low ... high
    }
}
