import Foundation
import Geometry
import InputText

extension GraphFile {
    /// What a piece of text in a graph file must not be, as the message
    /// that refuses it (naming the limit), or nil when it is fine: a NUL
    /// character, more than `maxLabelLength` characters (the tree reader's
    /// limit and words), or a character of more than
    /// `maxScalarsPerCharacter` code points (a letter under a pile of
    /// combining marks, which costs as much to shape as a page). `what` is
    /// "label", "name" or "id".
    ///
    /// - Complexity: O(1) for text of up to 32 bytes without a NUL, else
    ///   O(its length).
    static func problem(with text: String, what: String, limits: Limits) -> String? {
        let a = "aeiou".contains(what.first ?? "x") ? "an" : "a"
        if text.utf8.contains(0) {
            return "a NUL character (\\0) in \(a) \(what): \(what)s are text; remove it"
        }
        // A Character takes at least one byte, and one of more code points
        // than the limit more bytes than that: short text is settled by its
        // byte count alone.
        guard text.utf8.count > min(limits.maxLabelLength, limits.maxScalarsPerCharacter) else { return nil }
        var length = 0
        for c in text {
            length += 1
            let scalars = c.unicodeScalars.count
            if scalars > limits.maxScalarsPerCharacter {
                return "a character of \(grouped(scalars)) Unicode scalars (a letter and its combining marks) in \(a) \(what): "
                    + "the limit is \(limits.maxScalarsPerCharacter) scalars a character"
            }
        }
        if length > limits.maxLabelLength {
            return "\(what) of \(grouped(length)) characters: the limit is \(grouped(limits.maxLabelLength)) characters"
        }
        return nil
    }

    /// The message refusing a position whose coordinates are not finite or
    /// past `maxCoordinate` (written `written`), or nil when both are fine.
    static func positionProblem(x: Double, y: Double, written: String, limits: Limits) -> String? {
        guard !(x.isFinite && y.isFinite && abs(x) <= limits.maxCoordinate && abs(y) <= limits.maxCoordinate) else { return nil }
        let bound = grouped(Int(limits.maxCoordinate))
        return "\(written) is out of range: x and y must be finite numbers from -\(bound) to \(bound)"
    }
}
