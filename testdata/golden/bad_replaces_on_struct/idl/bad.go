package bad

// Rule is a rule.
type Rule struct {
	// Port is a port.
	Port float64 `lumi:"replaces"`
}
