// IngredientFamilies: ingredients that stand for a whole family of others (kitchen/families.tsv:
// pasta ⊇ spaghetti, cheese ⊇ feta, mozzarella …), so a recipe search counts the user's "pasta"
// for a recipe's spaghetti and the user's spaghetti for a recipe's pasta.

/// Family names and their members, all canonical ingredient names.
public struct IngredientFamilies: Sendable {
    /// The bundled file inside the apps' Resources.
    public static let resourcePath = "kitchen/families.tsv"

    /// Family name → its members.
    public let members: [String: [String]]
    private let familyByMember: [String: String]

    /// - Throws: `AppDataError.malformed` for a name the vocabulary does not know or a member in
    ///   two families.
    public init(members: [String: [String]], vocabulary: IngredientVocabulary, source: String = IngredientFamilies.resourcePath) throws {
        var familyByMember: [String: String] = [:]
        for (family, names) in members {
            for name in [family] + names where !vocabulary.contains(name) {
                throw AppDataError.malformed(file: source, reason: "'\(name)' is not an ingredient of the vocabulary")
            }
            for name in names {
                if let other = familyByMember.updateValue(family, forKey: name), other != family {
                    throw AppDataError.malformed(file: source, reason: "'\(name)' is in the families \(other) and \(family)")
                }
            }
        }
        self.members = members
        self.familyByMember = familyByMember
    }

    /// The bundled families, checked against `vocabulary`.
    public static func bundled(vocabulary: IngredientVocabulary) throws -> IngredientFamilies {
        var members: [String: [String]] = [:]
        for row in try AppResources.tableRows(resourcePath) {
            guard let family = row["family"], let names = row["members"] else {
                throw AppDataError.malformed(file: resourcePath, reason: "the header must be family, members")
            }
            members[family] = names.split(separator: "|").map(String.init)
        }
        return try IngredientFamilies(members: members, vocabulary: vocabulary)
    }

    /// `names` with what each stands for: a family name brings its members, a member its family.
    public func expanding(_ names: Set<String>) -> Set<String> {
        var expanded = names
        for name in names {
            expanded.formUnion(members[name] ?? [])
            if let family = familyByMember[name] { expanded.insert(family) }
        }
        return expanded
    }
}
