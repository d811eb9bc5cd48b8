/// A tagged PDF's logical structure (ISO 32000-1, 14.7): one `Document`
/// element whose children, in reading order, are the paragraphs and
/// figures of the pages' marked content, each claiming one marked-content
/// sequence of one page; and the parent tree, which leads back from a
/// page's sequences to the elements that claim them.
///
/// A figure's alternative text (`/Alt`) is what a screen reader says for
/// it, and what a reader that extracts the document's text gives in its
/// place.
struct StructureTree {
    /// The pages in order, with their tagged content by MCID.
    private var pages: [(page: PDFReference, content: [PageContent.TaggedContent])] = []

    /// Adds the page `page` whose content is `content`, and returns its key
    /// in the parent tree: the page's `/StructParents`.
    mutating func add(page: PDFReference, content: PageContent) -> Int {
        pages.append((page, content.tagged))
        return pages.count - 1
    }

    /// Writes the elements and the tree's root into `file`, and returns the
    /// root, for the catalog's `/StructTreeRoot`.
    func write(into file: inout PDFFileWriter) -> PDFReference {
        let root = file.reserve(), document = file.reserve()
        var children = [PDFReference](), parentTree = [String]()
        for (key, page) in pages.enumerated() {
            var elements = [PDFReference]()
            for (mcid, content) in page.content.enumerated() {
                let element = file.reserve()
                let alternative = content.alternative.map { " /Alt \(PDFSyntax.unicodeText($0))" } ?? ""
                let bounds = content.bounds.map { " /A << /O /Layout /BBox \($0) >>" } ?? ""
                file.write(
                    element,
                    "<< /Type /StructElem /S \(PDFSyntax.name(content.type)) /P \(document) /Pg \(page.page)"
                        + " /K \(mcid)\(alternative)\(bounds) >>")
                elements.append(element)
            }
            children += elements
            parentTree.append("\(key) [\(elements.map(\.description).joined(separator: " "))]")
        }
        file.write(
            document,
            "<< /Type /StructElem /S /Document /P \(root) /K [\(children.map(\.description).joined(separator: " "))] >>")
        file.write(
            root,
            "<< /Type /StructTreeRoot /K \(document) /ParentTree << /Nums [\(parentTree.joined(separator: " "))] >>"
                + " /ParentTreeNextKey \(pages.count) >>")
        return root
    }
}
