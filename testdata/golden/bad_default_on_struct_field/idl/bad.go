package bad

// Rule is a rule.
type Rule struct {
	// Port.
	Port float64 `lumi:"default=80"`
}
