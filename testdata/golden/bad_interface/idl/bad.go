package bad

// Doer does.
type Doer interface {
	Do()
}
