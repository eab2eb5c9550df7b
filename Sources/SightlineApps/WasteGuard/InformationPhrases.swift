// InformationPhrases: the sentences WasteGuard's information text is built from, in English
// (the original app's wording), German and Ukrainian. `WasteInformation` decides which ones a
// result needs; every sentence ends with a newline, as the original's did.

/// The building blocks of the information text in one language.
public struct InformationPhrases: Sendable, Hashable {
    /// "Detected object: " — followed by the one name.
    public var detectedObject: String
    /// "Detected objects: " — followed by the names joined by ", ".
    public var detectedObjects: String
    /// Check mode, one detection.
    public var removeObject: String
    /// Check mode, several detections.
    public var removeObjects: String
    /// Check mode, nothing found.
    public var noForeignMatter: String
    /// Classify mode, only non-organic objects, one / several detections.
    public var objectIsNonOrganic: String
    public var objectsAreNonOrganic: String
    /// Classify mode, only organic objects, one / several detections.
    public var objectIsOrganic: String
    public var objectsAreOrganic: String
    /// Classify mode, both kinds: the green part (followed by the names), one / several.
    public var followingObjectIsOrganic: String
    public var followingObjectsAreOrganic: String
    /// Classify mode, both kinds: the red part (followed by the names), one / several.
    public var followingObjectIsNonOrganic: String
    public var followingObjectsAreNonOrganic: String
    /// Classify mode, nothing found.
    public var noObjects: String
    /// How names are joined.
    public var nameSeparator: String

    /// The phrases in `language`.
    public static func phrases(in language: Language) -> InformationPhrases {
        switch language {
        case .english: english
        case .german: german
        case .ukrainian: ukrainian
        }
    }

    public static let english = InformationPhrases(
        detectedObject: "Detected object: ",
        detectedObjects: "Detected objects: ",
        removeObject: "Please remove the marked object from organic waste.\n",
        removeObjects: "Please remove all marked objects from organic waste.\n",
        noForeignMatter: "No foreign matter was detected in the waste.\n",
        objectIsNonOrganic: "The marked object is non-organic waste.\n",
        objectsAreNonOrganic: "All marked objects are non-organic waste.\n",
        objectIsOrganic: "The marked object is organic waste.\n",
        objectsAreOrganic: "All marked objects are organic waste.\n",
        followingObjectIsOrganic: "The following object (marked in green) is organic waste: ",
        followingObjectsAreOrganic: "The following objects (marked in green) are organic waste: ",
        followingObjectIsNonOrganic: "The following object (marked in red) is non-organic waste: ",
        followingObjectsAreNonOrganic: "The following objects (marked in red) are non-organic waste: ",
        noObjects: "No objects were detected.\n",
        nameSeparator: ", ")

    public static let german = InformationPhrases(
        detectedObject: "Erkanntes Objekt: ",
        detectedObjects: "Erkannte Objekte: ",
        removeObject: "Bitte entfernen Sie das markierte Objekt aus dem Biomüll.\n",
        removeObjects: "Bitte entfernen Sie alle markierten Objekte aus dem Biomüll.\n",
        noForeignMatter: "Im Abfall wurden keine Fremdstoffe erkannt.\n",
        objectIsNonOrganic: "Das markierte Objekt ist kein Bioabfall.\n",
        objectsAreNonOrganic: "Keines der markierten Objekte ist Bioabfall.\n",
        objectIsOrganic: "Das markierte Objekt ist Bioabfall.\n",
        objectsAreOrganic: "Alle markierten Objekte sind Bioabfall.\n",
        followingObjectIsOrganic: "Folgendes Objekt (grün markiert) ist Bioabfall: ",
        followingObjectsAreOrganic: "Folgende Objekte (grün markiert) sind Bioabfall: ",
        followingObjectIsNonOrganic: "Folgendes Objekt (rot markiert) ist kein Bioabfall: ",
        followingObjectsAreNonOrganic: "Folgende Objekte (rot markiert) sind kein Bioabfall: ",
        noObjects: "Es wurden keine Objekte erkannt.\n",
        nameSeparator: ", ")

    public static let ukrainian = InformationPhrases(
        detectedObject: "Виявлений об’єкт: ",
        detectedObjects: "Виявлені об’єкти: ",
        removeObject: "Будь ласка, вийміть позначений об’єкт з органічних відходів.\n",
        removeObjects: "Будь ласка, вийміть усі позначені об’єкти з органічних відходів.\n",
        noForeignMatter: "Сторонніх домішок у відходах не виявлено.\n",
        objectIsNonOrganic: "Позначений об’єкт — неорганічні відходи.\n",
        objectsAreNonOrganic: "Усі позначені об’єкти — неорганічні відходи.\n",
        objectIsOrganic: "Позначений об’єкт — органічні відходи.\n",
        objectsAreOrganic: "Усі позначені об’єкти — органічні відходи.\n",
        followingObjectIsOrganic: "Такий об’єкт (позначений зеленим) — органічні відходи: ",
        followingObjectsAreOrganic: "Такі об’єкти (позначені зеленим) — органічні відходи: ",
        followingObjectIsNonOrganic: "Такий об’єкт (позначений червоним) — неорганічні відходи: ",
        followingObjectsAreNonOrganic: "Такі об’єкти (позначені червоним) — неорганічні відходи: ",
        noObjects: "Жодних об’єктів не виявлено.\n",
        nameSeparator: ", ")
}
