package bad

// Ratio is a ratio.
const Ratio float32 = 0.5
