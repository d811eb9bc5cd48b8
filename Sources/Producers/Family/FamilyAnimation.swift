import Diagram
import Geometry
import Raster
import Trees
import Tween

/// How a family chart is revealed and walked.
public struct FamilyOptions: Sendable {
    /// How the chart (its first version) appears.
    public enum Reveal: String, Sendable, CaseIterable {
        /// One step a generation, oldest first.
        case generations
        /// One step a family tree of the forest (a root couple and their
        /// descendants), each growing generation by generation.
        case families
        /// All at once.
        case none
    }

    public var reveal = Reveal.generations
    /// Ids of two people of the last version: a ring walks from the first
    /// to the second through their closest shared ancestor, lighting the
    /// lines on the way.
    public var lineage: (from: String, to: String)?
    public var easing: Easing = .easeInOut
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// Whether boxes show the birth (and death) year under the name.
    public var years = true
    /// The frame: a chart too large to name legibly in it is toured.
    public var stage = Stage()
    /// Whether a family whose generations reveal would tour for over three
    /// minutes is summarised to fit them: the most-connected ancestor and
    /// as many generations of their descendants as fit, with a note saying
    /// how many people that leaves out. False tours everyone.
    public var summarise = true

    public init() {}
}

/// The script of a family chart: generations on rows, couples side by side
/// joined by a marriage line, each couple's children centred under it on
/// orthogonal lines (``FamilyLayout``). The chart is revealed as
/// `options.reveal` says, then animated from each version to the next by
/// person id (a person born enters, a marriage draws its line, everyone
/// else glides to their new place), then the lineage walk, if any.
///
/// In the scene dump a person is a `rect` node whose label is the name, and
/// the years on a second line; its role is its gender (`male`, `female`,
/// `other`, else `normal`). A marriage is an edge of kind `couple` from one
/// spouse to the other; each child has an edge of kind `descent` from its
/// first parent, whose points start at the couple's midpoint (a single
/// parent's box) and run down, across and down to the top of the child's
/// box.
public struct FamilyAnimation: Sendable {
    public let script: Script

    static let labelSize = 0.3
    static let yearSize = 0.26
    static let padding = 0.2
    static let lineHeight = 0.56
    static let cornerRadius = 0.12
    static let layout = FamilyLayout(rowGap: 0.62, coupleGap: 0.34, siblingGap: 0.26, groupGap: 0.42, familyGap: 0.7)

    /// - Precondition: every version passed ``Family/validate()``;
    ///   `options.lineage` names people of the last version.
    public init(versions: [Family], options: FamilyOptions, labels: LabelFit) {
        precondition(!versions.isEmpty, "a family animation needs a family")
        let withYears = options.years && versions.contains { $0.people.contains { Self.years(of: $0) != nil } }
        // The name on the upper line; the years, smaller, under it as a
        // text of their own. A summary's count (``Family/isCount(_:)``)
        // has no years: its words stand in the middle of its box.
        let label = { (p: Person) -> String in withYears && !Family.isCount(p.id) ? p.name + "\n" : p.name }
        let height = Self.lineHeight + (withYears ? Font.lineSpacing * Self.labelSize : 0)
        let size = { (p: Person) -> Size in
            let name = labels.width(of: p.name) * Self.labelSize
            let years = withYears ? labels.width(of: Self.years(of: p) ?? "") * Self.yearSize : 0
            return Size(width: max(max(name, years) + 2 * Self.padding, 2 * height), height: height)
        }
        let camera = CameraOptions(maxUnit: 0.12, padding: 0.25, animation: .easeInOut(duration: 0.7))
        var builder = ScriptBuilder(camera: camera, palette: .family)
        // The closest the camera may stand back while every name (and
        // year) reads at the stage's floor.
        let sight = Sight(stage: options.stage, camera: camera, smallest: withYears ? Self.yearSize : Self.labelSize)
        var versions = versions
        if let (summary, note) = Self.summary(of: versions, options: options, sight: sight, size: size, label: label) {
            versions = [summary]
            builder.note(note)
        }
        var previous: Family?
        for (v, family) in versions.enumerated() {
            let drawing = Self.layout.drawing(of: family, size: size)
            let chart = Chart(family: family, drawing: drawing, label: label, size: size)
            if let previous {
                Self.change(from: previous, to: chart, version: v, of: versions.count, options: options, into: &builder)
            } else {
                Self.reveal(chart, options: options, sight: sight, into: &builder)
            }
            previous = family
        }
        // A lineage walk's answer is the last step, held to the end.
        if let lineage = options.lineage, let last = versions.last {
            Self.walk(from: lineage.from, to: lineage.to, in: last, options: options, into: &builder)
        } else {
            builder.step(nil, camera: .keep) { s in s.hold(options.finalHold) }
        }
        script = builder.script
    }

    /// The script of `versions`, estimated without laying them out: a
    /// generation revealed takes at least 2.5 s, a family tree of the
    /// forest 2.2 s (a tree at least for each group of people linked by
    /// marriage or descent), the whole chart at once 2.4 s, each later
    /// version 3 s and each person on the lineage's way 1.8 s; a few changes
    /// for each person of each version.
    ///
    /// - Complexity: O(n log n) for n people and unions.
    /// The longest a tour plays when it is summarised to fit the three
    /// minutes a default may last: the rest is the whole chart's view, the
    /// way back and the final hold.
    static let tourBudget = 140.0

    /// People past this many are never toured in the budget (a view names
    /// one generation's row: some ten people), so their chart is not laid
    /// out whole to find out.
    static let surelyTooMany = 1_000

    /// About how long a generations reveal of `chart` tours, at speed 1
    /// (0 when it reads whole): each view's move, rest and caption read.
    static func tourSeconds(_ chart: Chart, sight: Sight) -> Double {
        guard sight.tours(chart.region) else { return 0 }
        let rows = chart.drawing.rows
        let generations = Dictionary(grouping: chart.family.people.map(\.id)) { rows[$0]! }
        var seconds = 0.0
        for (g, r) in generations.keys.sorted().enumerated() {
            let x = { (p: String) in chart.drawing.positions[p]!.x * (g.isMultiple(of: 2) ? 1 : -1) }
            let who = generations[r]!.sorted { x($0) < x($1) }
            let runs = sight.runs(of: who) { chart.nodes[$0]!.frame }
            for (k, run) in runs.enumerated() {
                let caption = tourCaption(row: r, who: who, view: run.items, k, of: runs.count, in: chart.family)
                seconds += 0.7 + max(2.1, Timeline.readingTime(of: caption))
            }
        }
        return seconds
    }

    /// The family's most-connected ancestor: of the people with no parents
    /// in the file, the one with the most descendants (the first in the
    /// file of those tied).
    static func patriarch(of family: Family) -> String? {
        var children = [String: [String]]()
        var hasParents = Set<String>()
        for union in family.unions {
            for partner in union.partners { children[partner, default: []] += union.children }
            hasParents.formUnion(union.children)
        }
        var best: (id: String, count: Int)?
        for person in family.people where !hasParents.contains(person.id) {
            var seen: Set<String> = [person.id]
            var stack = [person.id]
            while let p = stack.popLast() {
                for c in children[p] ?? [] where seen.insert(c).inserted { stack.append(c) }
            }
            if seen.count > (best?.count ?? 0) { best = (person.id, seen.count) }
        }
        return best?.id
    }

    /// The family summarised so that its generations reveal tours in
    /// ``tourBudget`` (``FamilyOptions/summarise``): the most-connected
    /// ancestor and the most generations of descendants that fit (with
    /// their partners); and the note that says so. Nil when the tour fits,
    /// is not played, or the file has several versions.
    static func summary(
        of versions: [Family], options: FamilyOptions, sight: Sight, size: @escaping (Person) -> Size, label: @escaping (Person) -> String
    ) -> (Family, String)? {
        guard options.summarise, options.reveal == .generations, !options.stage.fitsAll, options.lineage == nil, versions.count == 1
        else { return nil }
        let family = versions[0]
        let seconds = { (f: Family) -> Double in
            tourSeconds(Chart(family: f, drawing: layout.drawing(of: f, size: size), label: label, size: size), sight: sight)
        }
        guard family.people.count > surelyTooMany || seconds(family) > tourBudget, let root = patriarch(of: family) else { return nil }
        // Generations down from the ancestor, one more while they fit: the
        // charts laid out to find out stay small. The descendants left out
        // are counted under the last generation shown, in boxes of their
        // own ("+412 descendants") that the tour shows too.
        var low = 0
        var summary = family.summarised(around: root, down: 0)
        while low < 60 {
            let next = family.summarised(around: root, down: low + 1)
            guard shown(next) > shown(summary), seconds(next) <= tourBudget else { break }
            (low, summary) = (low + 1, next)
        }
        let name = family.person(root)?.name ?? root
        let largest = summary.people.compactMap { p in Family.descendantsCounted(by: p).map { (p, $0) } }.max { $0.1 < $1.1 }?.0
        let note = "\(people(family.people.count)) would take over 3 minutes to name legibly: the tour shows a summary, \(name) and "
            + (low == 0 ? "their partners" : low == 1 ? "one generation of descendants" : "\(low) generations of descendants")
            + " (\(people(shown(summary))); "
            + "\(people(family.people.count - shown(summary))) left out"
            + (largest.map { ", their descendants counted under the last generation shown, such as \"\($0.name)\"" } ?? "")
            + "); --full-tour names everyone, --focus PERSON with --up N, --down M another part"
        return (summary, note)
    }

    public static func estimate(versions: [Family], options: FamilyOptions) -> ScriptEstimate {
        guard let first = versions.first else { return ScriptEstimate(seconds: 0, changes: 0) }
        let reveal = switch options.reveal {
        case .generations: 2.5 * Double(FamilyLayout.generations(of: first))
        case .families: 2.2 * Double(groups(of: first))
        case .none: 2.4
        }
        let lineage = options.lineage.flatMap { versions.last?.kinship(from: $0.from, to: $0.to) }.map { 1.8 * Double($0.path.count) } ?? 0
        let people = versions.reduce(0) { $0 + $1.people.count }
        return ScriptEstimate(
            seconds: reveal + 3 * Double(versions.count - 1) + lineage + options.finalHold, changes: 4 * people)
    }

    /// The groups of people linked by marriage or descent.
    static func groups(of family: Family) -> Int {
        var leader = Dictionary(uniqueKeysWithValues: family.people.map { ($0.id, $0.id) })
        func find(_ id: String) -> String {
            var root = id
            while let up = leader[root], up != root { root = up }
            var node = id
            while node != root, let up = leader[node] { leader[node] = root; node = up }
            return root
        }
        var count = family.people.count
        for union in family.unions {
            let members = union.partners + union.children
            for (a, b) in zip(members, members.dropFirst()) where leader[a] != nil && leader[b] != nil {
                let (ra, rb) = (find(a), find(b))
                if ra != rb { leader[ra] = rb; count -= 1 }
            }
        }
        return count
    }

    /// The years shown under a name: `1950`, `1950–2011`, `–2011`, with
    /// GEDCOM's words for the uncertain (``Person/shownDate(_:)``): `c. 1850`,
    /// `before 1828–1901`. A span of years in a pair is shown as its start,
    /// `c.`: the whole date is in the speaker note.
    static func years(of p: Person) -> String? {
        let shown = { (date: String?) -> String? in
            guard let date, let text = Person.shownDate(date) else { return nil }
            return text
        }
        let born = shown(p.born), died = shown(p.died)
        let short = { (text: String) -> String in
            guard let dash = text.firstIndex(of: "–"), !text.hasPrefix("c.") else { return text }
            return "c. " + text[..<dash]
        }
        switch (born, died) {
        case (let b?, let d?): return "\(short(b))–\(short(d))"
        case (let b?, nil): return b
        case (nil, let d?): return "–\(short(d))"
        case (nil, nil): return nil
        }
    }

    /// The speaker note of a step that brings `who` in: each dated
    /// person's dates as written (`John Smith: born ABT 1850, died 3 MAR
    /// 1900`); nil when none is dated.
    static func datesNote(_ who: [String], in people: [String: Person]) -> String? {
        let lines = who.compactMap { id -> String? in
            guard let p = people[id], p.born != nil || p.died != nil else { return nil }
            let dates = [p.born.map { "born \($0)" }, p.died.map { "died \($0)" }].compactMap { $0 }
            return "\(p.name): " + dates.joined(separator: ", ")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "; ") + "."
    }

    static func id(_ person: String) -> ElementID { ElementID("person:" + person) }

    /// A version laid out: every element it draws, by id.
    struct Chart {
        let family: Family
        let drawing: FamilyLayout.Drawing
        var nodes: [String: Node] = [:]
        /// The years under each name, by person id.
        var years: [String: TextElement] = [:]
        /// Marriage lines, with the row of their couple.
        var couples: [(edge: Edge, row: Int)] = []
        /// Lines of descent, by child id: dashed for an adopted child.
        var descents: [String: Edge] = [:]
        /// Dashed lines from an adoptive family to a child placed with
        /// their birth family, by child id.
        var ties: [String: [Edge]] = [:]
        /// Every line of descent and tie, in a stable order.
        var lines: [Edge] { (Array(descents.values) + ties.values.flatMap { $0 }).sorted { $0.id.name < $1.id.name } }
        /// Each person's place in the family's list of people.
        var order: [String: Int] = [:]
        /// The marriage lines each person is at one end of, by index in
        /// `couples`.
        var couplesOf: [String: [Int]] = [:]
        /// Each parent's children, whose lines of descent start at them.
        var childrenOf: [String: [String]] = [:]

        init(family: Family, drawing: FamilyLayout.Drawing, label: (Person) -> String, size: (Person) -> Size) {
            self.family = family
            self.drawing = drawing
            for (i, p) in family.people.enumerated() {
                order[p.id] = i
                var node = Node.box(
                    FamilyAnimation.id(p.id), at: drawing.positions[p.id]!, size: size(p),
                    cornerRadius: FamilyAnimation.cornerRadius, label: label(p), labelSize: FamilyAnimation.labelSize)
                node.role = p.gender.map { Role($0.rawValue) } ?? .normal
                nodes[p.id] = node
                if label(p).hasSuffix("\n"), let text = FamilyAnimation.years(of: p) {
                    years[p.id] = TextElement(
                        id: ElementID("years:" + p.id), text: text,
                        placement: .node(node.id, offset: Vector(0, Font.lineSpacing * FamilyAnimation.labelSize / 2)),
                        size: FamilyAnimation.yearSize, role: node.role, transition: .grow)
                }
            }
            var drawn = Set<[String]>()
            for (u, union) in family.unions.enumerated() {
                let marriage = drawing.marriages[u]
                var drop = 0.0
                if union.partners.count == 2 {
                    let (a, b) = (union.partners[0], union.partners[1])
                    // Left to right, so the line and its id read the same
                    // way in every version.
                    let pair = drawing.positions[a]!.x <= drawing.positions[b]!.x ? [a, b] : [b, a]
                    var route = EdgeRoute.side
                    if case .bracket(let depth) = marriage {
                        route = .under(depth: FamilyAnimation.bracketDepth(depth))
                        drop = 0.5 + FamilyAnimation.bracketDepth(depth)
                    }
                    if drawn.insert(union.partners.sorted()).inserted {
                        let edge = Edge(
                            id: FamilyAnimation.coupleID(union.partners), from: FamilyAnimation.id(pair[0]),
                            to: FamilyAnimation.id(pair[1]), route: route, kind: "couple", entrance: .draw)
                        for p in union.partners { couplesOf[p, default: []].append(couples.count) }
                        couples.append((edge, drawing.rows[a]!))
                    }
                }
                let parentRow = drawing.rows[union.partners[0]]!
                let elsewhere = union.adopted.filter { !union.children.contains($0) && drawing.rows[$0] != nil }
                for p in union.partners { childrenOf[p, default: []].append(contentsOf: union.children + elsewhere) }
                for child in union.children + elsewhere {
                    let span = max(drawing.rows[child]! - parentRow, 1)
                    let placed = union.children.contains(child)
                    let edge = Edge(
                        id: ElementID((placed ? "descent:" : "adoption:\(u):") + child), from: FamilyAnimation.id(union.partners[0]),
                        to: FamilyAnimation.id(child),
                        fromSecond: union.partners.count == 2 ? FamilyAnimation.id(union.partners[1]) : nil,
                        route: .elbow(at: 0.5 / Double(span), drop: drop), kind: placed ? "descent" : "adoption", entrance: .draw,
                        dashed: union.adopted.contains(child))
                    if placed { descents[child] = edge } else { ties[child, default: []].append(edge) }
                }
            }
        }

        /// The region the chart fills, for the camera.
        var region: Rect { drawing.bounds }
    }

    /// How far under the row a marriage line with `depth` others' boxes
    /// inside it runs, in box heights: above the line to the children.
    static func bracketDepth(_ depth: Int) -> Double { min(0.12 + 0.1 * Double(depth - 1), 0.32) }

    static func coupleID(_ partners: [String]) -> ElementID {
        ElementID("couple:" + partners.sorted().joined(separator: "+"))
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    static func people(_ n: Int) -> String { n == 1 ? "1 person" : "\(n) people" }

    /// The people `family` shows: its summary's counts (``Family/isCount(_:)``) are not people.
    static func shown(_ family: Family) -> Int { family.people.count(where: { !Family.isCount($0.id) }) }

    /// Who `ids` are, in words: "12 people", and the descendants their
    /// summary's counts stand for ("12 people, 40 more descendants"; "40 more
    /// descendants" for counts alone).
    static func who(_ ids: [String], in family: Family) -> String {
        let counted = ids.filter(Family.isCount).compactMap { id in family.person(id).flatMap(Family.descendantsCounted(by:)) }
        let more = counted.reduce(0, +)
        let descendants = "\(more) more descendant\(more == 1 ? "" : "s")"
        guard !counted.isEmpty else { return people(ids.count) }
        return counted.count == ids.count ? descendants : "\(people(ids.count - counted.count)), \(descendants)"
    }

    /// The caption of the `k`th of `views` views of generation `row`, whose
    /// people are `who`, that shows `view`.
    static func tourCaption(row: Int, who: [String], view: [String], _ k: Int, of views: Int, in family: Family) -> String {
        "generation \(row + 1): " + (views == 1 ? Self.who(who, in: family) : "\(Self.who(view, in: family)), \(k + 1) of \(views)")
    }

    static func names(_ ids: [String], in family: Family) -> String {
        let names = ids.map { id in family.person(id)?.name ?? id }
        return names.joined(separator: " & ")
    }

    // MARK: Reveal

    /// Adds the people `who` (and their lines) to the diagram: the lines to
    /// their parents grow down as their boxes appear, then the marriage
    /// lines among everyone shown are drawn. `who` are in the family's
    /// order, and every line whose ends are all shown is drawn already: so
    /// the lines to draw now are those at someone in `who`, and the work is
    /// in proportion to them, not to the whole chart.
    static func appear(
        _ who: [String], chart: Chart, duration: Double, into s: inout StepBuilder
    ) {
        s.beat(.easeOut(duration: duration)) { d in
            for p in who {
                d.nodes.insert(chart.nodes[p]!)
                if let text = chart.years[p] { d.texts.insert(text) }
            }
            for p in who {
                for e in (chart.descents[p].map { [$0] } ?? []) + (chart.ties[p] ?? [])
                where d.nodes[e.from] != nil && (e.fromSecond.map { d.nodes[$0] != nil } ?? true) {
                    d.edges.insert(e)
                }
            }
        }
        s.beat(.easeInOut(duration: duration * 0.6)) { d in
            for i in Set(who.flatMap { chart.couplesOf[$0] ?? [] }).sorted() {
                let e = chart.couples[i].edge
                if d.edges[e.id] == nil && d.nodes[e.from] != nil && d.nodes[e.to] != nil { d.edges.insert(e) }
            }
            // Someone whose parents come later (a spouse's row is drawn
            // first) gets their line once both ends are there.
            let children = Set(who + who.flatMap { chart.childrenOf[$0] ?? [] })
            for p in children.sorted(by: { chart.order[$0]! < chart.order[$1]! }) where d.nodes[id(p)] != nil {
                for e in (chart.descents[p].map { [$0] } ?? []) + (chart.ties[p] ?? [])
                where d.edges[e.id] == nil && d.nodes[e.from] != nil && (e.fromSecond.map { d.nodes[$0] != nil } ?? true) {
                    d.edges.insert(e)
                }
            }
        }
    }

    static func reveal(_ chart: Chart, options: FamilyOptions, sight: Sight, into builder: inout ScriptBuilder) {
        let family = chart.family
        let rows = chart.drawing.rows
        let camera = CameraMove.region(chart.region)
        // A chart that cannot be named legibly at once is toured: each
        // generation in runs of people the camera shows legibly, rows in
        // turn from either end, then the whole, to see its shape.
        if let warning = sight.forcedFit(
            chart.region, what: people(shown(family)), touring: options.reveal == .generations, by: "--reveal \(options.reveal.rawValue)")
        {
            builder.note(warning)
        }
        // The tour, planned: each generation in runs, left to right, then
        // right to left on the next row, so that the camera goes on from
        // where it is. One past an hour is not played: the chart is shown
        // generation by generation whole, and the note says what draws
        // less of it.
        let byID = Dictionary(family.people.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var tour: [(row: Int, who: [String], views: [(items: [String], region: Rect)])]?
        if options.reveal == .generations, sight.tours(chart.region) {
            let generations = Dictionary(grouping: family.people.map(\.id)) { rows[$0]! }
            tour = generations.keys.sorted().enumerated().map { g, r in
                let x = { (p: String) in chart.drawing.positions[p]!.x * (g.isMultiple(of: 2) ? 1 : -1) }
                let who = generations[r]!.sorted { x($0) < x($1) }
                return (r, who, sight.runs(of: who) { chart.nodes[$0]!.frame })
            }
            let views = tour!.reduce(0) { $0 + $1.views.count }
            if views > Sight.mostViews {
                tour = nil
                builder.note(
                    "\(people(shown(family))) would take \(views) views, over an hour, to name legibly: the reveal shows them generation by "
                        + "generation, names too small to read left out; --focus PERSON (with --up N, --down M) draws one person's family")
            }
        }
        if let tour {
            // A map of the whole chart in a corner while the camera is close.
            builder.overview(chart.region)
            var count = 0
            for (r, who, views) in tour {
                count += views.count
                for (k, view) in views.enumerated() {
                    let caption = tourCaption(row: r, who: who, view: view.items, k, of: views.count, in: family)
                    builder.step(caption, note: datesNote(view.items, in: byID), camera: .region(view.region)) { s in
                        appear(view.items, chart: chart, duration: 0.7, into: &s)
                        s.hold(1.4)
                    }
                }
            }
            builder.step("the whole family: \(who(family.people.map(\.id), in: family))", camera: camera) { s in s.hold(2.0) }
            // The last frame reads: a legible window on the most-connected
            // ancestor (the first person toured when there is none), and on
            // a summary's count.
            let home = patriarch(of: family) ?? tour[0].who[0]
            if let (caption, window) = homeWindow(on: home, chart: chart, sight: sight) {
                builder.step(caption, camera: .region(window)) { s in s.hold(1.5) }
            }
            let size = options.stage.pixelSize
            builder.note(
                "\(people(shown(family))) are too many to name legibly in one \(Int(size.width))×\(Int(size.height)) frame: "
                    + "the reveal tours them, generation by generation, in \(count) views, shows the whole chart, then comes back to its eldest")
            return
        }
        switch options.reveal {
        case .none:
            builder.step(who(family.people.map(\.id), in: family), camera: camera) { s in
                appear(family.people.map(\.id), chart: chart, duration: 0.6, into: &s)
                s.hold(1.5)
            }
        case .generations:
            let generations = Dictionary(grouping: family.people.map(\.id)) { rows[$0]! }
            for r in generations.keys.sorted() {
                let who = generations[r]!
                builder.step("generation \(r + 1): \(Self.who(who, in: family))", note: datesNote(who, in: byID), camera: camera) { s in
                    appear(who, chart: chart, duration: 0.7, into: &s)
                    s.hold(1.4)
                }
            }
        case .families:
            for (i, tree) in trees(of: chart).enumerated() {
                let root = tree.root
                let caption: String
                if tree.members.count == 1 {
                    caption = family.person(root[0])!.name
                } else {
                    caption = "the family of \(names(root, in: family))"
                }
                let generations = Dictionary(grouping: tree.members) { rows[$0]! }
                builder.step(caption, note: "family \(i + 1)", camera: camera) { s in
                    for r in generations.keys.sorted() {
                        let who = generations[r]!.sorted { chart.order[$0]! < chart.order[$1]! }
                        appear(who, chart: chart, duration: 0.5, into: &s)
                    }
                    s.hold(1.4)
                }
            }
        }
    }

    /// The last view of a tour, and its caption: a legible window on
    /// `home`; in a summary, on a count too (the one the window reaches
    /// most easily), or on that count alone, captioned with whose
    /// descendants it counts, when the two do not fit in one window.
    static func homeWindow(on home: String, chart: Chart, sight: Sight) -> (String, Rect)? {
        guard let at = chart.nodes[home]?.frame else { return nil }
        let family = chart.family
        let name = "around \(family.person(home)?.name ?? home)"
        let window = sight.window
        let counts = family.people.map(\.id).filter(Family.isCount).compactMap { id in chart.nodes[id].map { (id, $0.frame) } }
        let reach = { (box: Rect) in max(at.union(box).width / window.width, at.union(box).height / window.height) }
        guard let (count, box) = counts.min(by: { reach($0.1) < reach($1.1) }) else {
            return (name, sight.window(on: at.center, over: chart.region))
        }
        if reach(box) <= 1 {
            let both = at.union(box)
            return (name, sight.window(on: both.center, over: chart.region))
        }
        let parents = family.unions.first { $0.children.contains(count) }?.partners ?? []
        let caption = "\(family.person(count)?.name ?? count) of \(names(parents, in: family))"
        return (caption, sight.window(on: box.center, over: chart.region))
    }

    /// The trees of the forest, left to right: each root household (people
    /// joined by marriage with no parents in the chart) and everyone
    /// descended from it, each person in the first tree that reaches them.
    static func trees(of chart: Chart) -> [(root: [String], members: [String])] {
        let family = chart.family
        var spouses = [String: [String]]()
        var children = [String: [String]]()
        var hasParents = Set<String>()
        for union in family.unions {
            if union.partners.count == 2 {
                spouses[union.partners[0], default: []].append(union.partners[1])
                spouses[union.partners[1], default: []].append(union.partners[0])
            }
            for p in union.partners { children[p, default: []].append(contentsOf: union.children) }
            hasParents.formUnion(union.children)
        }
        var placed = Set<String>()
        var out = [(root: [String], members: [String])]()
        let x = { (id: String) in chart.drawing.positions[id]!.x }
        for start in family.people.map(\.id).sorted(by: { (chart.drawing.rows[$0]!, x($0)) < (chart.drawing.rows[$1]!, x($1)) })
        where !placed.contains(start) {
            // A root household: the marriage-joined people around `start`,
            // none with parents in the chart.
            var household = [start], seen: Set = [start], head = 0
            while head < household.count {
                for s in spouses[household[head]] ?? [] where seen.insert(s).inserted { household.append(s) }
                head += 1
            }
            guard household.allSatisfy({ !hasParents.contains($0) }) else { continue }
            var members = [String](), queue = household
            head = 0
            while head < queue.count {
                let p = queue[head]
                head += 1
                guard placed.insert(p).inserted else { continue }
                members.append(p)
                queue.append(contentsOf: spouses[p] ?? [])
                queue.append(contentsOf: children[p] ?? [])
            }
            out.append((household.sorted { x($0) < x($1) }, members))
        }
        // Anyone left (a loop of marriages between families): one more.
        let rest = family.people.map(\.id).filter { !placed.contains($0) }
        if !rest.isEmpty { out.append((rest, rest)) }
        return out
    }

    // MARK: Versions

    static func change(
        from old: Family, to chart: Chart, version v: Int, of count: Int, options: FamilyOptions,
        into builder: inout ScriptBuilder
    ) {
        let family = chart.family
        let before = Set(old.people.map(\.id)), after = Set(family.people.map(\.id))
        let born = family.people.map(\.id).filter { !before.contains($0) }
        let gone = old.people.map(\.id).filter { !after.contains($0) }
        let oldCouples = Set(old.unions.filter { $0.partners.count == 2 }.map { $0.partners.sorted() })
        let newCouples = family.unions.filter { $0.partners.count == 2 && !oldCouples.contains($0.partners.sorted()) }
        var parts = [String]()
        if !born.isEmpty { parts.append("\(names(Array(born.prefix(3)), in: family))\(born.count > 3 ? " and \(born.count - 3) more" : "") joined") }
        if !newCouples.isEmpty { parts.append(plural(newCouples.count, "new marriage")) }
        if !gone.isEmpty { parts.append("\(people(gone.count)) left") }
        let note = parts.isEmpty ? "no one joined or left" : parts.joined(separator: ", ")
        builder.step("version \(v + 1) of \(count)", note: note, camera: .region(chart.region)) { s in
            s.beat(options.easing.animation(duration: 1.0)) { d in
                for p in old.people where !after.contains(p.id) { d.nodes.remove(id(p.id)) }
                for p in family.people {
                    let fresh = chart.nodes[p.id]!
                    if d.nodes[fresh.id] != nil {
                        d.nodes[fresh.id]?.position = fresh.position
                        d.nodes[fresh.id]?.size = fresh.size
                        d.nodes[fresh.id]?.label = fresh.label
                        d.nodes[fresh.id]?.role = fresh.role
                    } else {
                        d.nodes.insert(fresh)
                    }
                    let text = chart.years[p.id]
                    if let text { d.texts[text.id] = text } else { d.texts.remove(ElementID("years:" + p.id)) }
                }
                let keep = Set(chart.couples.map(\.edge.id)).union(chart.lines.map(\.id))
                d.edges.removeAll { !keep.contains($0.id) }
                for e in chart.lines where d.edges[e.id] != nil {
                    d.edges[e.id] = e
                }
            }
            // New lines are drawn once everyone stands in their place.
            s.beat(.easeInOut(duration: 0.6)) { d in
                for (e, _) in chart.couples { d.edges[e.id] = e }
                for e in chart.lines where d.edges[e.id] == nil {
                    d.edges.insert(e)
                }
            }
            s.hold(1.4)
        }
    }

    // MARK: Lineage

    static let lineageRing = ElementID("ring:lineage")

    /// Walks the ring, ending on the answer, the kinship in words, held
    /// for the final hold.
    static func walk(
        from a: String, to b: String, in family: Family, options: FamilyOptions, into builder: inout ScriptBuilder
    ) {
        guard let kin = family.kinship(from: a, to: b) else {
            preconditionFailure("no shared ancestor of \(a) and \(b)")
        }
        let name = { (id: String) in family.person(id)!.name }
        builder.step(name(a), note: "from \(name(a)) to \(name(b))", camera: .keep) { s in
            s.beat(.easeOut(duration: 0.4)) { d in
                d.marks.insert(Mark(id: lineageRing, placement: .on(id(a)), padding: 0.18))
            }
            s.hold(0.9)
        }
        var shown = name(a)
        for (i, stop) in kin.path.enumerated().dropFirst() {
            let previous = kin.path[i - 1]
            // Going up lights the line from the parents to the one below;
            // going down the line to the child.
            let line = ElementID("descent:" + (i <= kin.up ? previous : stop))
            let words = KinshipWords.words(up: min(i, kin.up), down: max(i - kin.up, 0), gender: family.person(stop)?.gender)
            let caption = "\(words) \(name(stop))"
            builder.step(caption, camera: .keep) { s in
                s.moveRing(
                    lineageRing, to: id(stop), move: options.easing.animation(duration: 0.8), caption: caption,
                    keeping: shown, lighting: line, rest: 1.02)
            }
            shown = caption
        }
        let summary = kin.path.count == 1
            ? name(a)
            : "\(name(b)) is \(name(a))’s \(KinshipWords.words(up: kin.up, down: kin.down, gender: family.person(b)?.gender))"
        builder.step(summary, camera: .keep) { s in s.hold(1.6 + options.finalHold) }
    }
}

