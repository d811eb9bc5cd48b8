import Testing
import TestSupport
import TreeFiles
import Trees

/// LaTeX trees as the syntax-tree packages read them: tikz-qtree's nodes
/// and edges, qtree's escapes and primes, documents whose prose mentions
/// `\Tree`, and documents with a broken or empty tree among good ones.
@Suite struct LatexFormsTests {
    func load(_ text: String, pick: Int? = nil) throws(TreeFileError) -> TreeFile.Contents {
        try TreeFile.load(Array(text.utf8), name: "t", reading: TreeFile.Reading(pick: pick))
    }

    func drawn(_ text: String, pick: Int? = nil) throws -> String {
        try CorpusTreeTests.drawn(load(text, pick: pick).versions[0])
    }

    func refusal(_ text: String, pick: Int?) -> String? {
        do {
            _ = try load(text, pick: pick)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: tikz-qtree

    @Test func tikzNodesAreTheirText() throws {
        let tex = #"""
            \begin{tikzpicture}
            \Tree [.CP [.\node(tgt1){DP\\John}; ] [.C' [.C \node(src){did}; ]
                [.TP \node[draw, circle, red](t){$t_1$}; [.VP \node at (0,0) {see}; ] ] ] ]
            \draw[->] (src) to (tgt1);
            \end{tikzpicture}
            """#
        #expect(try drawn(tex) == "CP(DP\nJohn C'(C(did) TP(t₁ VP(see))))")
    }

    @Test func tikzEdgesAreSkippedAndTheirRoofsKept() throws {
        let tex = #"""
            \Tree [.S [.NP \edge[roof]; {the old king} ]
                      [.VP \edge node[auto=right]{head}; V \edge[dashed]; [.NP her ] ] ]
            """#
        #expect(try drawn(tex) == "S(NP(^the old king) VP(V NP(her)))")
    }

    // MARK: qtree

    @Test func qtreeEscapesAreNoLeaves() throws {
        let tex = #"""
            \Tree [.IP [.NP Roses ] [ [.I^0 are ]
                [.VP t [ [.V^0 turning ] [.NP pink ] ] ].VP !{\qframesubtree} ]]
            \Tree [.A [ a b c d ].B !\qsetw{1cm} C ]
            """#
        #expect(try drawn(tex) == "IP(NP(Roses) (I⁰(are) VP(t (V⁰(turning) NP(pink)))))")
        #expect(try drawn(tex, pick: 2) == "A(B(a b c d) C)")
    }

    @Test func qtreePrimesAreShownAsPrimes() throws {
        #expect(try drawn(#"\Tree [.I\1 [.I\0 are ] [.V\2 go ] ]"#) == "I′(I⁰(are) V″(go))")
    }

    /// A braced label that runs over a line end: its node is placed where
    /// it starts (this trapped in `Source.column(at:)`), its line end a space.
    @Test func aLabelOverALineEndIsPlacedWhereItStarts() throws {
        let tree = try load("\\Tree [.{A\nB} c ]\n").versions[0]
        #expect(CorpusTreeTests.drawn(tree) == "A B(c)")
        #expect(places(tree) == ["A B@1:7", "c@2:4"])
        // A '}' that closes nothing ends no label and runs on to no other line.
        #expect(try drawn("\\Tree [.A} b\n c ]\n") == "A(b c)")
    }

    // MARK: Documents

    @Test func proseAboutTreeIsPassedOver() throws {
        let tex = #"""
            \DescribeMacro{\Tree}
            The front end reads a tree in brackets; the macro \verb|\Tree| starts one.
            \Tree [.S [.NP this ] [.VP works ] ]
            """#
        let contents = try load(tex)
        #expect(contents.found == 1 && CorpusTreeTests.drawn(contents.versions[0]) == "S(NP(this) VP(works))")
        #expect(failure(#"\DescribeMacro{\Tree} and nothing else"#, nil) == #"t:1:16: \Tree here starts no tree (no '[' after it), and the document has no other: expected \begin{forest} … \end{forest} or qtree's \Tree [.S … ]"#)
    }

    @Test func aBrokenTreeLeavesTheOthersToPick() throws {
        let tex = "\\Tree [.S [.NP a ] [.VP b ]\n\n\\begin{forest} [T [u] [v]] \\end{forest}\n\\Tree [.X y ]\n"
        // Unasked: the first tree that reads, and a note on the one before.
        let contents = try load(tex)
        #expect(contents.found == 3 && contents.picked == 2)
        #expect(CorpusTreeTests.drawn(contents.versions[0]) == "T(u v)")
        #expect(contents.notes == [#"tree 1 of 3 cannot be read (t:1:7: expected ']' to close this '[', found \begin{forest} on line 3)"# + ": drew tree 2 (--pick N for another)"])
        // Asked: each by its place in the document.
        #expect(try drawn(tex, pick: 2) == "T(u v)")
        #expect(try drawn(tex, pick: 3) == "X(y)")
        #expect(refusal(tex, pick: 1)
            == #"t:1:7: expected ']' to close this '[', found \begin{forest} on line 3 (tree 1 of 3; --pick 2 reads another)"#)
        // Every tree broken: the first one's fault.
        #expect(failure("\\begin{forest} [c \\end{forest}\n\\Tree [.A b\n", nil) == #"t:1:16: expected ']' to close this '[', found \end{forest}"#)
    }

    @Test func aFirstTreeWithoutLabelsIsSaidAndPassed() throws {
        let tex = #"""
            \begin{forest} for tree={grow'=0} [[][[][]]] \end{forest}
            \begin{forest} [VP [V] [DP]] \end{forest}
            """#
        let contents = try load(tex)
        #expect(contents.picked == 2 && CorpusTreeTests.drawn(contents.versions[0]) == "VP(V DP)")
        #expect(contents.notes == ["tree 1 of 2 has no labels: drew tree 2 (--pick N for another)"])
        #expect(try load(tex, pick: 1).notes.isEmpty)
    }
}

/// LaTeX documents cut, doubled and sprinkled with TeX's own characters
/// are read or refused in one line, never a trap, and every node read is
/// placed inside the text.
@Suite struct LatexFuzzTests {
    static let documents = [
        #"""
        \documentclass{article}
        \usepackage{forest}
        \begin{document}
        \begin{forest} for tree={s sep=10pt}
          [CP, name=top [DP$_1$ [what]] [C' [C [did, edge=dashed]] [TP [{the king}, roof] [T$'$ [\textsc{past}]]]]]
        \end{forest}
        \end{document}
        """#,
        #"""
        % qtree, labels at both ends, roofs, escapes
        \Tree [.IP [ Roses ].NP_i [.I\1 [ are ].I\0
           [.VP t_i [ [ going ].V\0 \qroof{out of\\style}.PP ].V\1 ].VP !{\qframesubtree}
        ].I\1 ]
        \Tree [.{[_1 A ]_{13}} [.{[_2 B ]_9} one_4 ] ]
        """#,
        #"""
        \begin{tikzpicture}
        \Tree [.CP [.\node(tgt1){DP\\John}; ] [.C' [.C \node(src){did}; ]
            [.TP \edge[roof]; {t saw Mary} \edge node[auto=right]{x}; [.VP é 爷 ] ] ] ]
        \draw[semithick,->] (src)..controls +(south west:1) and +(south:1)..(tgt1);
        \end{tikzpicture}
        """#,
    ]

    static let pieces = [
        "[", "]", "{", "}", "\\", ".", "%", "\n", " ", ",", ";", "!", "$", "_", "^", "(", ")", "\\\\", "\r\n",
        "\\Tree", "\\node", "\\edge", "\\qroof", "\\begin{forest}", "\\end{forest}", "é", "爷", "\u{301}", "[.", "].",
    ]

    static func mutated(_ text: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var bytes = text
        for _ in 0..<(1 + Int(random.next(upTo: 4))) {
            let at = Int(random.next(upTo: UInt64(bytes.count + 1)))
            switch random.next(upTo: 4) {
            case 0:
                // Cut a run out.
                let end = min(bytes.count, at + 1 + Int(random.next(upTo: 12)))
                bytes.removeSubrange(at..<end)
            case 1:
                // Put one of TeX's own pieces in.
                bytes.insert(contentsOf: Array(pieces[Int(random.next(upTo: UInt64(pieces.count)))].utf8), at: at)
            case 2:
                // Double a run.
                let end = min(bytes.count, at + 1 + Int(random.next(upTo: 40)))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default:
                // Cut the text short.
                bytes.removeSubrange(at..<bytes.count)
            }
            if bytes.isEmpty { bytes = Array("\\Tree [".utf8) }
        }
        return bytes
    }

    @Test(arguments: 0..<3)
    func mutatedDocumentsAreReadOrRefusedInOneLine(_ document: Int) throws {
        var random = SplitMix(seed: 0x7E_5E_ED + UInt64(document))
        let original = Array(Self.documents[document].utf8)
        // The originals read.
        #expect(try TreeFile.load(original, name: "t").format == .latex)
        var read = 0, refused = 0
        for _ in 0..<1_500 {
            let bytes = Self.mutated(original, &random)
            // Lines as the reader counts them (line feeds), and the longest.
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            for format in [nil, TreeFileFormat.latex] {
                do {
                    let contents = try TreeFile.load(bytes, name: "t", reading: TreeFile.Reading(format: format))
                    guard contents.format == .latex else { continue }
                    read += 1
                    for version in contents.versions {
                        for node in nodes(version) where !node.hidden {
                            let inside = node.line >= 1 && node.line <= lines.count && node.column >= 1
                                && node.column <= lines[node.line - 1].count + 1
                            #expect(inside, "\(node.label)@\(node.line):\(node.column) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                        }
                    }
                    #expect(contents.notes.allSatisfy { !$0.contains("\n") })
                } catch {
                    refused += 1
                    #expect(!error.description.contains("\n") && error.description.hasPrefix("t"))
                }
            }
        }
        // Both kinds happen: the mutations are neither all harmless nor all fatal.
        #expect(read > 100 && refused > 100, "read \(read), refused \(refused)")
    }
}
