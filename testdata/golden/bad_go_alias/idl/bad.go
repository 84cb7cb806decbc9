package bad

// Name is a name.
type Name = string
