package bad

// Rule is a rule.
type Rule struct {
	Port float64 =
}
