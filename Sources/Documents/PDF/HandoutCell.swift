/// What one cell of a handout's grid shows. Steps are counted from 0 here
/// (their index in the handout's steps) and labelled from 1 on the page.
enum HandoutCell: Equatable {
    /// A step's picture, its label above it and its texts under it.
    case picture(step: Int, label: String, texts: [CellText])
    /// `blocks` set as text in a frame the size step `sizedAs`'s picture
    /// would take, with its label (if any) above and texts under it: a
    /// lecture's text slide, or the answer key's title.
    case text(blocks: [DeckTextBlock], sizedAs: Int, label: String?, texts: [CellText])
    /// A ruled frame the size of step `sizedAs`'s picture, empty, for the
    /// reader's answer to that step's question.
    case answerSpace(sizedAs: Int, label: String)
    /// Nothing: a gap that keeps a question on the page of its answer
    /// space, or starts the answer key on a page of its own.
    case blank

    /// The text under a picture or a text frame.
    struct CellText: Equatable {
        enum Style: Equatable {
            /// Large and black, at most the layout's caption lines.
            case caption
            /// Small and grey, as many lines as the cell has room for.
            case note
        }

        var text: String
        var style: Style
    }

    static let answerLabel = "Your answer"
    static let answerKeyTitle = "Answer key"

    /// The cells of a handout of `steps`, `perPage` to a page, in order.
    ///
    /// Each step has a cell: its picture, or for a text slide its text;
    /// a question's caption is its question.
    ///
    /// A `worksheet` asks rather than tells, and no picture in it gives
    /// away an answer. A question is followed by an answer space (on the
    /// same page). The step after it (its answer) is held back, and so is
    /// every later step of the same lecture section, since each of their
    /// pictures shows the answer: the section's later questions are drawn
    /// as the student last saw the structure (the first held-back
    /// question's picture), the operations since then listed in words under
    /// them. What is held back closes the handout, in order, under the title
    /// "Answer key", from a new page: each answer with its question.
    static func plan(_ steps: [HandoutStep], perPage: Int, worksheet: Bool) -> [HandoutCell] {
        guard worksheet else { return steps.indices.map { cell(steps[$0], index: $0) } }
        let answerTo = Dictionary(uniqueKeysWithValues: answered(steps).map { ($0.answer, $0.question) })
        var cells = [HandoutCell](), key = [Int]()
        // The section's first question whose answer is held back (the
        // picture the student last saw), and the steps held back since.
        var held: (question: Int, since: [Int])?
        for (index, step) in steps.enumerated() {
            if let h = held, step.text != nil || step.section != steps[h.question].section { held = nil }
            if let question = answerTo[index] {
                key.append(index)
                held = held ?? (question, [])
                held?.since.append(index)
                continue
            }
            if held != nil, step.question == nil {
                key.append(index)
                held?.since.append(index)
                continue
            }
            if step.question != nil && perPage > 1 && cells.count % perPage == perPage - 1 { cells.append(.blank) }
            if let h = held {
                let since = h.since.map { k in
                    let what = steps[k].caption ?? "step \(k + 1)"
                    return answerTo[k].map { "\(what) (step \(k + 1), the answer to step \($0 + 1))" } ?? what
                }
                let texts = [
                    step.question.map { CellText(text: $0, style: .caption) },
                    CellText(text: "Drawn as at step \(h.question + 1); since then: \(since.joined(separator: ", ")).", style: .note),
                ].compactMap { $0 }
                cells.append(.picture(step: h.question, label: "Step \(index + 1) · Question", texts: texts))
            } else {
                cells.append(cell(step, index: index))
            }
            if step.question != nil { cells.append(.answerSpace(sizedAs: index, label: answerLabel)) }
        }
        guard let first = key.first else { return cells }
        while cells.count % perPage != 0 { cells.append(.blank) }
        let others = key.contains { answerTo[$0] == nil }
        cells.append(
            .text(
                blocks: [
                    .title(answerKeyTitle),
                    .paragraph(
                        others
                            ? "Each question with the step that answers it, and the steps held back after them."
                            : "Each question with the step that answers it."),
                ],
                sizedAs: answerTo[first] ?? first, label: nil, texts: []))
        for index in key {
            let step = steps[index]
            guard let question = answerTo[index] else {
                cells.append(cell(step, index: index))
                continue
            }
            let texts = [
                step.caption.map { CellText(text: $0, style: .caption) },
                step.note.map { CellText(text: $0, style: .note) },
            ].compactMap { $0 }
            cells.append(
                cell(
                    step, index: index, label: "Step \(index + 1) · answer to step \(question + 1)",
                    texts: [CellText(text: "Question: \(steps[question].question ?? "")", style: .caption)] + texts))
        }
        return cells
    }

    /// Each question that has an answer, with it: the step that follows
    /// the question, unless that is a question too (or there is none).
    static func answered(_ steps: [HandoutStep]) -> [(question: Int, answer: Int)] {
        steps.indices.dropLast().compactMap { index in
            steps[index].question != nil && steps[index + 1].question == nil ? (index, index + 1) : nil
        }
    }

    /// Step `index`'s own cell: labelled "Step n" ("Step n · Question"),
    /// its question (or caption) and note under it.
    private static func cell(_ step: HandoutStep, index: Int) -> HandoutCell {
        let texts = [
            (step.question ?? step.caption).map { CellText(text: $0, style: .caption) },
            step.note.map { CellText(text: $0, style: .note) },
        ].compactMap { $0 }
        let label = "Step \(index + 1)" + (step.question == nil ? "" : " · Question")
        return cell(step, index: index, label: label, texts: texts)
    }

    private static func cell(_ step: HandoutStep, index: Int, label: String, texts: [CellText]) -> HandoutCell {
        if let blocks = step.text { return .text(blocks: blocks, sizedAs: index, label: label, texts: texts) }
        return .picture(step: index, label: label, texts: texts)
    }
}
