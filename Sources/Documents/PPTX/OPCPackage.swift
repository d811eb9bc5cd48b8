/// A package of the Open Packaging Conventions (the ZIP under every Office
/// Open XML file), before it is written: its parts, each part's
/// relationships, and the package's own.
struct OPCPackage: Sendable {
    var parts: [PackagePart]
    /// The relationships of the package itself (`_rels/.rels`): to the main
    /// document and the document properties.
    var relationships: [Relationship]

    /// `[Content_Types].xml`: a default content type for each extension the
    /// package's binary parts use and for `.rels` and `.xml`, and an override
    /// for every XML part, since the `.xml` default says only "XML" and
    /// PowerPoint asks to repair a slide or master whose type it is not told.
    var contentTypesXML: String {
        var defaults = [
            ("rels", "application/vnd.openxmlformats-package.relationships+xml"), ("xml", "application/xml"),
        ]
        for part in parts {
            if case .xml = part.content { continue }
            let pair = (part.fileExtension, part.contentType)
            if !defaults.contains(where: { $0.0 == pair.0 }) { defaults.append(pair) }
        }
        var xml = XMLDeclaration.standalone
            + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
        for (ext, type) in defaults.sorted(by: { $0.0 < $1.0 }) {
            xml += #"<Default Extension="\#(ext)" ContentType="\#(type)"/>"#
        }
        for part in parts {
            guard case .xml = part.content else { continue }
            xml += #"<Override PartName="/\#(part.name)" ContentType="\#(part.contentType)"/>"#
        }
        return xml + "</Types>"
    }
}

/// One part of a package: its name (the ZIP entry, without the leading
/// slash of its part name), its content type, its bytes and the
/// relationships it has to other parts.
struct PackagePart: Sendable {
    /// Where a part's bytes come from.
    enum Content: Sendable {
        case xml(String)
        case bytes([UInt8])
        /// A file streamed into the package as it is written, never read
        /// whole into memory.
        case file(ClipFile)
    }

    var name: String
    var contentType: String
    var content: Content
    var relationships: [Relationship] = []

    var fileExtension: String {
        String(name.split(separator: ".").last ?? "")
    }

    /// Its relationships part, `_rels/<file>.rels` in the part's own folder.
    var relationshipsName: String {
        let folders = name.split(separator: "/").dropLast().joined(separator: "/")
        let file = name.split(separator: "/").last ?? ""
        return (folders.isEmpty ? "" : folders + "/") + "_rels/\(file).rels"
    }
}

/// A relationship from a part (or the package) to another part, by a target
/// relative to the source's folder.
struct Relationship: Sendable, Equatable {
    var id: String
    var type: RelationshipType
    var target: String
}

/// The relationship types a deck uses, as PowerPoint writes them.
enum RelationshipType: String, Sendable {
    case officeDocument = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
    case coreProperties = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
    case extendedProperties =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties"
    case slideMaster = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster"
    case slideLayout = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout"
    case slide = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"
    case notesMaster = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesMaster"
    case notesSlide = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide"
    case theme = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme"
    case presProps = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/presProps"
    case viewProps = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/viewProps"
    case tableStyles = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/tableStyles"
    case image = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
    case video = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/video"
    /// PowerPoint 2010's relationship to embedded media, beside `video`:
    /// the `p14:media` extension names the part by it.
    case media = "http://schemas.microsoft.com/office/2007/relationships/media"
}

/// `relationships` as the XML of a `.rels` part.
func relationshipsXML(_ relationships: [Relationship]) -> String {
    var xml = XMLDeclaration.standalone
        + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
    for relationship in relationships {
        xml += #"<Relationship Id="\#(relationship.id)" Type="\#(relationship.type.rawValue)" "#
            + #"Target="\#(xmlEscaped(relationship.target))"/>"#
    }
    return xml + "</Relationships>"
}

/// The head of every XML part, as Office writes it.
enum XMLDeclaration {
    static let standalone = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
}

/// The content types of a deck's parts.
enum ContentType {
    private static let presentationML = "application/vnd.openxmlformats-officedocument.presentationml."
    static let presentation = presentationML + "presentation.main+xml"
    static let slideMaster = presentationML + "slideMaster+xml"
    static let slideLayout = presentationML + "slideLayout+xml"
    static let slide = presentationML + "slide+xml"
    static let notesMaster = presentationML + "notesMaster+xml"
    static let notesSlide = presentationML + "notesSlide+xml"
    static let presProps = presentationML + "presProps+xml"
    static let viewProps = presentationML + "viewProps+xml"
    static let tableStyles = presentationML + "tableStyles+xml"
    static let theme = "application/vnd.openxmlformats-officedocument.theme+xml"
    static let coreProperties = "application/vnd.openxmlformats-package.core-properties+xml"
    static let extendedProperties = "application/vnd.openxmlformats-officedocument.extended-properties+xml"
    static let png = "image/png"
    static let mp4 = "video/mp4"
}
