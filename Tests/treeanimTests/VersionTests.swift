import Testing

@Suite struct CommandLineTests {
    @Test func placeholderSuiteCompiles() {
        #expect(Bool(true))
    }
}
