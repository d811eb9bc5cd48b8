import Foundation

/// The plain text of a TeX label, where TeX has one plain reading: `$\alpha$`
/// is α, `N$'$` is N′, `\textbf{a}` is a, `\textsc{past}` is PAST, `\_` is _,
/// `--` is –, `NP_i` is NPᵢ, `x^2` is x², and qtree's primes `V\1`, `V\2`
/// and `V\0` are V′, V″ and V⁰. Braces group and are dropped, dollars
/// switch math on and off. What has no plain reading (an unknown command
/// such as `\foo`, a subscript with no Unicode form) is kept as written,
/// never dropped.
///
///     TeXText.plain(#"$\alpha$-\textsc{past}"#)  // "α-PAST"
enum TeXText {
    static func plain(_ tex: String) -> String {
        guard tex.contains(where: { "\\{}$_^-~'`".contains($0) }) else { return tex }
        var reader = Reader(Array(tex))
        let text = reader.run(until: nil)
        // Runs of blanks are one space, as TeX sets them; a line break
        // (`\\`) stays.
        var out = ""
        var blank = false
        for character in text {
            if character == " " || character == "\t" || character == "\r" {
                blank = true
                continue
            }
            if blank, !out.isEmpty, character != "\n", out.last != "\n" { out.append(" ") }
            blank = false
            out.append(character)
        }
        return out.precomposedStringWithCanonicalMapping
    }

    struct Reader {
        let c: [Character]
        var i = 0
        var math = false
        /// How deep in groups and arguments the reader is: past
        /// ``deepest`` a brace is a character, so no label recurses far.
        var depth = 0
        static let deepest = 64

        init(_ c: [Character]) { self.c = c }

        /// Text up to `end` (a closing brace) or the end.
        mutating func run(until end: Character?) -> String {
            depth += 1
            defer { depth -= 1 }
            var out = ""
            while i < c.count {
                let ch = c[i]
                if ch == end { return out }
                if depth > Self.deepest, ch == "{" || ch == "\\" || ch == "_" || ch == "^" {
                    out.append(ch)
                    i += 1
                    continue
                }
                switch ch {
                case "\\": out += command()
                case "{":
                    i += 1
                    out += run(until: "}")
                    if i < c.count { i += 1 }
                case "}": i += 1
                case "$":
                    i += 1
                    math.toggle()
                case "_", "^":
                    i += 1
                    out += script(ch == "_")
                case "~", "\n":
                    // A tie, or a line end in the source: a space (`\\` is
                    // a label's line break).
                    i += 1
                    out += " "
                case "-" where !math:
                    var n = 0
                    while i < c.count, c[i] == "-" { n += 1; i += 1 }
                    out += n == 2 ? "–" : n == 3 ? "—" : String(repeating: "-", count: n)
                case "'" where math:
                    var n = 0
                    while i < c.count, c[i] == "'" { n += 1; i += 1 }
                    out += n == 2 ? "″" : n == 3 ? "‴" : String(repeating: "′", count: n)
                case "`" where !math && i + 1 < c.count && c[i + 1] == "`":
                    i += 2
                    out += "“"
                default:
                    out.append(ch)
                    i += 1
                }
            }
            return out
        }

        /// The argument at the position: a braced group, a command or a
        /// character, as plain text, and as written.
        mutating func argument() -> (plain: String, written: String) {
            while i < c.count, c[i] == " " { i += 1 }
            let start = i
            guard i < c.count else { return ("", "") }
            if c[i] == "{" {
                i += 1
                let text = run(until: "}")
                if i < c.count { i += 1 }
                return (text, String(c[start..<i]))
            }
            if c[i] == "\\", depth <= Self.deepest {
                depth += 1
                defer { depth -= 1 }
                let text = command()
                return (text, String(c[start..<i]))
            }
            i += 1
            return (String(c[start]), String(c[start]))
        }

        /// A subscript or superscript after `_` or `^`: in Unicode where
        /// every character has a form, else as written.
        mutating func script(_ sub: Bool) -> String {
            let (text, written) = argument()
            let table = sub ? Self.subscripts : Self.superscripts
            let mapped = text.map { table[$0] }
            if !text.isEmpty, mapped.allSatisfy({ $0 != nil }) { return String(mapped.map { $0! }) }
            return (sub ? "_" : "^") + written
        }

        /// A command at a backslash.
        mutating func command() -> String {
            let start = i
            i += 1
            guard i < c.count else { return "\\" }
            let first = c[i]
            if !first.isLetter {
                i += 1
                switch first {
                case "_", "&", "%", "$", "#", "{", "}": return String(first)
                case " ", ",", ";", ":": return " "
                case "!", "/": return ""
                case "\\": return "\n"
                // qtree's primes: `X\1` is X′, `X\2` X″, `X\0` X⁰.
                case "0": return "⁰"
                case "1": return "′"
                case "2": return "″"
                default:
                    if let mark = Self.accents[first] {
                        let (text, written) = argument()
                        guard let base = text.first, text.count == 1 else { return "\\" + String(first) + written }
                        return String(base) + String(mark)
                    }
                    return String(c[start..<i])
                }
            }
            while i < c.count, c[i].isLetter { i += 1 }
            let name = String(c[start + 1..<i])
            let written = String(c[start..<i])
            let skipSpaces = { (r: inout Reader) in while r.i < r.c.count, r.c[r.i] == " " { r.i += 1 } }
            if let symbol = Self.symbols[name] {
                skipSpaces(&self)
                return symbol
            }
            switch name {
            case "textit", "textbf", "emph", "textrm", "textsf", "texttt", "textnormal", "textup", "textmd", "textsl",
                "mathrm", "mathit", "mathbf", "mathsf", "mathtt", "mathnormal", "text", "mbox", "hbox", "underline":
                return argument().plain
            case "textsc":
                return argument().plain.uppercased()
            case "textsubscript", "textsuperscript":
                return script(name == "textsubscript")
            case "quad", "qquad", "space", "enspace", "thinspace":
                skipSpaces(&self)
                return " "
            default:
                // Unknown: as written, with its arguments.
                var out = written
                while i < c.count, c[i] == "{" {
                    let start = i
                    var depth = 0
                    repeat {
                        if c[i] == "{" { depth += 1 } else if c[i] == "}" { depth -= 1 }
                        i += 1
                    } while i < c.count && depth > 0
                    out += String(c[start..<i])
                }
                return out
            }
        }

        static let accents: [Character: Character] = [
            "'": "\u{301}", "`": "\u{300}", "^": "\u{302}", "\"": "\u{308}", "~": "\u{303}", "=": "\u{304}", ".": "\u{307}",
        ]

        static let symbols: [String: String] = [
            "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
            "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
            "pi": "π", "rho": "ρ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ",
            "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
            "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
            "emptyset": "∅", "varnothing": "∅", "prime": "′", "to": "→", "rightarrow": "→", "leftarrow": "←",
            "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔", "Leftrightarrow": "⇔", "mapsto": "↦",
            "neg": "¬", "lnot": "¬", "wedge": "∧", "land": "∧", "vee": "∨", "lor": "∨", "forall": "∀", "exists": "∃",
            "in": "∈", "notin": "∉", "times": "×", "cdot": "·", "pm": "±", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥",
            "neq": "≠", "ne": "≠", "approx": "≈", "equiv": "≡", "infty": "∞", "cup": "∪", "cap": "∩", "subset": "⊂",
            "subseteq": "⊆", "supset": "⊃", "top": "⊤", "bot": "⊥", "vdash": "⊢", "models": "⊨", "circ": "∘",
            "ldots": "…", "dots": "…", "cdots": "⋯", "textellipsis": "…", "S": "§", "P": "¶", "dag": "†",
            "textendash": "–", "textemdash": "—", "textquoteright": "’", "textquoteleft": "‘", "ss": "ß", "ae": "æ",
            "AE": "Æ", "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "aa": "å", "AA": "Å",
            "checkmark": "✓", "star": "⋆", "ast": "∗", "sqrt": "√", "partial": "∂", "nabla": "∇", "sum": "∑", "prod": "∏",
            "langle": "⟨", "rangle": "⟩", "lbrace": "{", "rbrace": "}", "backslash": "\\", "textbackslash": "\\",
            "textunderscore": "_", "ell": "ℓ", "hbar": "ħ", "aleph": "ℵ", "surd": "√", "sharp": "♯", "flat": "♭",
        ]

        static let subscripts: [Character: Character] = [
            "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
            "+": "₊", "-": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "h": "ₕ", "i": "ᵢ", "j": "ⱼ",
            "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "o": "ₒ", "p": "ₚ", "r": "ᵣ", "s": "ₛ", "t": "ₜ", "u": "ᵤ",
            "v": "ᵥ", "x": "ₓ",
        ]

        static let superscripts: [Character: Character] = [
            "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
            "+": "⁺", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ", "'": "′", "′": "′", "*": "*",
        ]
    }
}
