import CPNG

/// Facts about the libpng this module drives.
public enum LibPNG {
    /// The linked libpng's version, such as "1.6.39".
    public static var version: String { String(cString: cpng_libpng_version()) }
}
