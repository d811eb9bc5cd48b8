import Trees

/// The fuzzers' generator: the project's own SplitMix64, so that a seed
/// names the same case on every run and machine.
public typealias SplitMix = SeededGenerator
