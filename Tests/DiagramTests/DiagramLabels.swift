import Diagram
import Raster

/// What the Diagram tests measure texts with: the default font.
enum DiagramLabels {
    static let fit = LabelFit(font: try! Font.default())
}
