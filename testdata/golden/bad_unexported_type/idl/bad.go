package bad

// rule is a rule.
type rule struct {
	// Port is a port.
	Port float64
}
