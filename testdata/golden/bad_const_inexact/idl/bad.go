package bad

// Big is big.
const Big = 1<<53 + 1
