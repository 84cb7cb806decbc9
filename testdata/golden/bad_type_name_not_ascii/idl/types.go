package bad

// Größe is a size: its name is not ASCII, and type tokens are.
type Größe string
