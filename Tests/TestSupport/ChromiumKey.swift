/// A key as `Input.dispatchKeyEvent` takes it: the DOM's `key` and `code`,
/// the Windows virtual key code Chromium uses for `keyCode`, and the text
/// it types.
public struct ChromiumKey: Sendable, Equatable {
    public var key: String
    public var code: String
    public var virtualKeyCode: Int
    /// What the key types; nil for keys that type nothing (arrows, Home).
    public var text: String?
    /// The protocol's bit mask: Alt 1, Ctrl 2, Meta 4, Shift 8.
    public var modifiers: Int

    public init(key: String, code: String, virtualKeyCode: Int, text: String? = nil, modifiers: Int = 0) {
        self.key = key
        self.code = code
        self.virtualKeyCode = virtualKeyCode
        self.text = text
        self.modifiers = modifiers
    }

    public static let arrowRight = ChromiumKey(key: "ArrowRight", code: "ArrowRight", virtualKeyCode: 39)
    public static let arrowLeft = ChromiumKey(key: "ArrowLeft", code: "ArrowLeft", virtualKeyCode: 37)
    public static let space = ChromiumKey(key: " ", code: "Space", virtualKeyCode: 32, text: " ")
    public static let pageDown = ChromiumKey(key: "PageDown", code: "PageDown", virtualKeyCode: 34)
    public static let pageUp = ChromiumKey(key: "PageUp", code: "PageUp", virtualKeyCode: 33)
    public static let home = ChromiumKey(key: "Home", code: "Home", virtualKeyCode: 36)
    public static let end = ChromiumKey(key: "End", code: "End", virtualKeyCode: 35)
    public static let escape = ChromiumKey(key: "Escape", code: "Escape", virtualKeyCode: 27)
    /// `?`, Shift and the key right of the full stop on a US keyboard.
    public static let questionMark = ChromiumKey(
        key: "?", code: "Slash", virtualKeyCode: 191, text: "?", modifiers: 8)

    /// A lowercase letter key, such as `.letter("r")`.
    public static func letter(_ letter: Character) -> ChromiumKey {
        let lower = letter.lowercased()
        let upper = lower.uppercased()
        return ChromiumKey(
            key: lower, code: "Key\(upper)", virtualKeyCode: Int(upper.unicodeScalars.first?.value ?? 0), text: lower)
    }
}
