package bad

// max is the most.
const max = 3
