/// How long a test waits for an event before it gives up: safety nets, so
/// that a test whose event never comes fails instead of hanging, never the
/// thing a test waits for. A test waits for the event it needs (a process's
/// exit, a DOM state, a video frame on the screen) and goes on the moment
/// it comes; these bounds are long enough that no load on a 2-core machine
/// running the whole suite can outrun them, so only a real fault meets one.
public enum Patience {
    /// A command to a browser, a page's script, a screenshot.
    public static let command: Duration = .seconds(60)
    /// A browser starting, a page loading, a state or picture a page is
    /// heading for.
    public static let page: Duration = .seconds(120)
    /// A program that converts a document (LibreOffice), in seconds.
    public static let conversionSeconds = 600
    /// A run of treeanim reaching the point a test waits for, or ending
    /// after a signal, in seconds.
    public static let runSeconds: Double = 300
}
