package bad

// Count is a count.
type Count int64
