// CategoryListJSON: the Object Recognizer's categories in one language, as
// `GET /api/v1/recognizer/categories` answers: {"categories": [{"id", "name"}]}.
public import SightlineApps

public struct CategoryListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "CategoryList" }

    public struct Category: Encodable, Sendable {
        public var id: String
        public var name: String
    }

    /// In the recognizer's order.
    public var categories: [Category]

    public init(_ categories: ObjectCategories, language: Language) {
        self.categories = categories.categories.map { Category(id: $0.id, name: $0.name.text(in: language)) }
    }
}
