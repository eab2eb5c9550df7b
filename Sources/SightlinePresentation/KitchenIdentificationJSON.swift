// KitchenIdentificationJSON: what the Kitchen made of one photo as JSON, as `sightline kitchen
// identify --json` prints it and `POST /api/v1/kitchen/identify` answers — the original's
// answer (ingredient, confidence, top three), how the photo was looked at, every ingredient the
// detector found with its boxes, and what adding them to the list did.
import SightlineApps
import SightlineVision

public enum KitchenIdentificationJSON {
    /// `{"file", "method", "ingredient", "confidence", "candidates": [{"name", "confidence"}],
    /// "found": [ingredient…], "added"}`: "method" is "classifier" (found is empty) or "detector";
    /// "added" is true when "ingredient" was new on the list. `changes` are what adding the
    /// photo's ingredients did (none when they were not added).
    public static func record(_ identification: IngredientIdentification, file: String,
                              changes: [IngredientListChange]) throws -> JSONLine {
        let added = Set(changes.compactMap { change -> String? in
            if case .added(let name) = change { return name }
            return nil
        })
        return try JSONLine.encoding(identification)
            .prepending([("file", .string(file)), ("method", .string(identification.method.rawValue))])
            .appending([
                ("found", .array(identification.found.map { ingredient($0, added: added.contains($0.name)) })),
                ("added", .bool(identification.ingredient.map(added.contains) ?? false)),
            ])
    }

    /// `{"name", "confidence", "accepted", "added", "boxes": [{"confidence", "x", "y", "width",
    /// "height"}]}`: "accepted" at confidence ≥ 0.8 (otherwise it is offered); "added" when it was
    /// new on the list; boxes in fractions of the upright photo, origin top-left, most confident first.
    static func ingredient(_ found: FoundIngredient, added: Bool) -> JSONLine {
        .object([
            ("name", .string(found.name)),
            ("confidence", .number(found.confidence, digits: 6)),
            ("accepted", .bool(found.isAccepted)),
            ("added", .bool(added)),
            ("boxes", .array(found.boxes.map { box in
                .object([
                    ("confidence", .number(box.confidence, digits: 6)),
                    ("x", .number(box.rect.x, digits: 4)),
                    ("y", .number(box.rect.y, digits: 4)),
                    ("width", .number(box.rect.width, digits: 4)),
                    ("height", .number(box.rect.height, digits: 4)),
                ])
            })),
        ])
    }
}
