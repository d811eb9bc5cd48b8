import Raster
import Testing
import Diagram

@Suite struct ThemeTests {
    @Test func themesAreOpaqueAndDistinct() {
        for theme in [Theme.light, Theme.dark] {
            #expect(theme.background.alpha == 1)
            #expect(theme.accent != theme.nodeStroke)
        }
        #expect(Theme.light.background != Theme.dark.background)
    }
}
