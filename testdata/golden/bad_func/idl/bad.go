package bad

// Helper computes.
func Helper() string { return "" }
