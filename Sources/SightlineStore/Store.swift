// Store: Sightline's app data — capture and scan histories, favourites, the kitchen and
// shopping lists, consent, settings, the waste tally, access tokens and the photo index — as
// one protocol with two implementations: `SQLiteStore`, one file in the data directory (the
// embedded default), and `PostgresStore`, a PostgreSQL database that several servers and
// index workers share. `StoreLocation` says which one to open.
import Foundation

/// Sightline's app data, grouped by accessor. Both implementations keep the same rules
/// (validation, ordering, what a call returns) and pass the same contract tests.
///
/// Every operation may be called from many tasks at once, and several processes may open the
/// same store: writes are transactions, and the photo index's leases make sure two workers never
/// record the same photo.
public protocol Store: AnyObject, Sendable {
    associatedtype RecognitionHistoryAccess: RecognitionHistory
    associatedtype CatScanHistoryAccess: CatScanHistory
    associatedtype FavouritesAccess: Favourites
    associatedtype KitchenIngredientsAccess: KitchenIngredients
    associatedtype ShoppingListAccess: ShoppingList
    associatedtype ConsentAccess: Consent
    associatedtype SettingsAccess: Settings
    associatedtype WasteTallyAccess: WasteTally
    associatedtype AccessTokensAccess: AccessTokens
    associatedtype PhotoIndexAccess: PhotoIndex

    /// The Object Recognizer's saved captures.
    var recognitionHistory: RecognitionHistoryAccess { get }
    /// The Cat Scanner's saved scans.
    var catScanHistory: CatScanHistoryAccess { get }
    /// Favourite breeds and recipes.
    var favourites: FavouritesAccess { get }
    /// The Kitchen app's list of ingredients at hand.
    var kitchenIngredients: KitchenIngredientsAccess { get }
    /// The Kitchen app's shopping list.
    var shoppingList: ShoppingListAccess { get }
    /// Which documents of which app the user accepted.
    var consent: ConsentAccess { get }
    /// User preferences.
    var settings: SettingsAccess { get }
    /// WasteGuard's opt-in tally.
    var wasteTally: WasteTallyAccess { get }
    /// The web app's access tokens.
    var accessTokens: AccessTokensAccess { get }
    /// The photo library's index.
    var photoIndex: PhotoIndexAccess { get }

    /// Where the data is, for messages: the SQLite file's path, or the PostgreSQL server and
    /// database (never the password).
    var locationDescription: String { get }

    /// Answers one trivial query: whether the store can be used now (a server's readiness).
    ///
    /// - Throws: `StoreError.databaseFailure` saying what went wrong.
    func checkReachable() async throws

    /// Closes every connection. Later operations throw `StoreError.databaseFailure`.
    func close() async throws
}
