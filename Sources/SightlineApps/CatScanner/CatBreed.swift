// CatBreed: one entry of the Cat Scanner's encyclopaedia (Resources/cats/breeds.json) — a
// breed, coat pattern, colour variety, wild species or non-pedigree type — with every field of
// the file's schema (see Resources/cats/README.md). Encodes back to the same keys.
import Foundation

/// One encyclopaedia entry. Its `name` equals the breed classifier's label where one exists.
public struct CatBreed: Codable, Sendable, Hashable, Identifiable {
    /// What kind of entry it is; only `breed` entries are breeds in the strict sense.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case breed
        /// A coat pattern such as Calico — not a breed.
        case coatPattern = "coat-pattern"
        /// A colour variety such as Chinchilla — a colour, chiefly of the Persian.
        case colourVariety = "colour-variety"
        /// A wild species such as the Sand Cat — protected, not a pet.
        case wildSpecies = "wild-species"
        /// Non-pedigree house cats (Domestic Shorthair, Domestic Longhair).
        case nonPedigree = "non-pedigree"

        /// How the kind is said in a sentence ("a coat pattern").
        public var phrase: String {
            switch self {
            case .breed: "a breed"
            case .coatPattern: "a coat pattern, not a breed"
            case .colourVariety: "a colour variety, not a breed"
            case .wildSpecies: "a wild species, not a domestic breed"
            case .nonPedigree: "a non-pedigree type, not a breed"
            }
        }
    }

    /// Body size class.
    public enum Size: String, Codable, Sendable, CaseIterable {
        case small, medium, large
    }

    /// Coat length; `varies` for breeds with short- and long-haired forms.
    public enum CoatLength: String, Codable, Sendable, CaseIterable {
        case hairless, short, medium, long, varies
    }

    /// A typical range, both ends included.
    public struct TypicalRange<Value: Codable & Sendable & Hashable & Comparable>: Codable, Sendable, Hashable {
        public var min: Value
        public var max: Value

        public init(min: Value, max: Value) {
            self.min = min
            self.max = max
        }
    }

    /// Coat length, patterns and colours (lower-case words).
    public struct Coat: Codable, Sendable, Hashable {
        public var length: CoatLength
        public var pattern: [String]
        public var colours: [String]

        public init(length: CoatLength, pattern: [String], colours: [String]) {
            self.length = length
            self.pattern = pattern
            self.colours = colours
        }
    }

    /// A reference used to cross-check the entry's facts.
    public struct Source: Codable, Sendable, Hashable {
        public var title: String
        public var url: String

        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// Display name; the classifier label where the breed has one.
    public var name: String
    /// Other names people search for.
    public var aliases: [String]
    public var kind: Kind
    /// One sentence.
    public var summary: String
    /// A paragraph.
    public var description: String
    public var origin: String
    /// Lower-case adjectives.
    public var temperament: [String]
    public var size: Size
    public var weightKilograms: TypicalRange<Double>
    public var lifeSpanYears: TypicalRange<Int>
    public var coat: Coat
    /// 1 (sedentary) … 5 (constantly on the move).
    public var activity: Int
    /// 1 (occasional brushing) … 5 (daily combing).
    public var grooming: Int
    /// 1 (very little loose hair) … 5 (heavy moults).
    public var shedding: Int
    /// 1 (aloof) … 5 (seeks constant contact).
    public var affection: Int
    /// 1 (rarely heard) … 5 (talks constantly).
    public var vocality: Int
    public var goodWithChildren: Bool
    public var goodWithPets: Bool
    /// Better tolerated by some allergic people; no cat is allergen-free.
    public var hypoallergenic: Bool
    public var healthNotes: String
    /// Which of CFA, TICA, FIFe, GCCF and WCF recognise it.
    public var registries: [String]
    public var sources: [Source]

    public var id: String { name }

    /// The name and every alias.
    public var allNames: [String] { [name] + aliases }

    private enum CodingKeys: String, CodingKey {
        case name, aliases, kind, summary, description, origin, temperament, size
        case weightKilograms = "weight_kg"
        case lifeSpanYears = "life_span_years"
        case coat, activity, grooming, shedding, affection, vocality
        case goodWithChildren = "good_with_children"
        case goodWithPets = "good_with_pets"
        case hypoallergenic
        case healthNotes = "health_notes"
        case registries, sources
    }
}
