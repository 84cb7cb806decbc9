package bad

// Max is the most.
const Max int = 1 << 60
