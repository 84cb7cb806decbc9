package bad

// Box holds.
type Box[T any] struct {
	Value T
}
