import Trees

/// English words for how one person is related to another by descent,
/// from the generations between them and their closest shared ancestor:
/// `up` from the first person to it, `down` from it to the second.
///
///     KinshipWords.words(up: 3, down: 0, gender: .male)  // "great-grandfather"
///     KinshipWords.words(up: 2, down: 2, gender: nil)    // "first cousin"
///     KinshipWords.words(up: 3, down: 2, gender: nil)    // "first cousin once removed"
enum KinshipWords {
    static func words(up: Int, down: Int, gender: Gender?) -> String {
        let pick = { (male: String, female: String, neutral: String) -> String in
            switch gender {
            case .male: male
            case .female: female
            default: neutral
            }
        }
        switch (up, down) {
        case (0, 0):
            return "themself"
        case (let k, 0):
            let base = pick("father", "mother", "parent")
            return k == 1 ? base : greats(k - 2) + "grand" + base
        case (0, let k):
            let base = pick("son", "daughter", "child")
            return k == 1 ? base : greats(k - 2) + "grand" + base
        case (1, 1):
            return pick("brother", "sister", "sibling")
        case (let k, 1):
            return greats(k - 2) + pick("uncle", "aunt", "uncle or aunt")
        case (1, let k):
            return greats(k - 2) + pick("nephew", "niece", "nephew or niece")
        default:
            let degree = min(up, down) - 1, removed = abs(up - down)
            let cousin = ordinal(degree) + " cousin"
            switch removed {
            case 0: return cousin
            case 1: return cousin + " once removed"
            case 2: return cousin + " twice removed"
            default: return cousin + " \(removed) times removed"
            }
        }
    }

    /// `great-` as often as `count`, or `3× great-` from three on.
    static func greats(_ count: Int) -> String {
        switch count {
        case ..<1: ""
        case 1: "great-"
        case 2: "great-great-"
        default: "\(count)× great-"
        }
    }

    static func ordinal(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        if n >= 1, n <= words.count { return words[n - 1] }
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }
}
