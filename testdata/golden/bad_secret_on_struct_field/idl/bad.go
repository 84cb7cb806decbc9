package bad

// Rule is a rule.
type Rule struct {
	// Token.
	Token string `lumi:"secret"`
}
