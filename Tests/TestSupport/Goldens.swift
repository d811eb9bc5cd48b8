/// The `Goldens/` folder beside the test file that calls, found from the
/// caller's `#filePath` so it works from any working directory.
public func goldensDirectory(for filePath: String) -> String {
    folder(of: filePath) + "/Goldens"
}
