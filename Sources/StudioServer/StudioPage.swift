import Studio

/// The studio's page: plain HTML, CSS and JavaScript compiled into the
/// binary (`Resources/`), with its style and script inline, so that the
/// page loads nothing but what the studio's own API answers.
enum StudioPage {
    static let html: String = {
        let page = String(decoding: PackageResources.studio_html, as: UTF8.self)
        return page
            .replacingOccurrences(of: "/*STYLE*/", with: String(decoding: PackageResources.studio_css, as: UTF8.self))
            .replacingOccurrences(of: "/*SCRIPT*/", with: String(decoding: PackageResources.studio_js, as: UTF8.self))
            // The structures the library offers: plain names, spaces between.
            .replacingOccurrences(of: "/*STRUCTURES*/", with: StudioSetup.structures.joined(separator: " "))
    }()

    /// Only the page's own inline script and style run, and it talks only
    /// to this server: pasted or uploaded text can never load or run more.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob: data:; media-src 'self' blob:; "
        + "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
}
