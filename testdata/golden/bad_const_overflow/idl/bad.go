package bad

// Huge is beyond float64: an untyped constant may be.
const Huge = 1e400

// NegativeHuge too, as an expression.
const NegativeHuge = -1e308 * 10

// Tiny rounds to 0 in float64, as Go itself rounds it: fine.
const Tiny = 1e-400
