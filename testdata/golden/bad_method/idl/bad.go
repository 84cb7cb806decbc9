package bad

// Box holds.
type Box struct {
	Size float64
}

// Area computes.
func (b *Box) Area() float64 { return b.Size }
