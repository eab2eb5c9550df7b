// PhotoIndexAddition: what adding files to the photo index did — how many were new, changed
// (to be redone) or unchanged.
import Foundation

/// What `add` did with the files it was given.
public struct PhotoIndexAddition: Sendable, Equatable {
    /// Files the index did not have.
    public var added: Int
    /// Known files whose size, date or content changed: their findings dropped, to be redone.
    public var changed: Int
    /// Known files as they were: left as they are.
    public var unchanged: Int

    public init(added: Int, changed: Int, unchanged: Int) {
        self.added = added
        self.changed = changed
        self.unchanged = unchanged
    }
}
