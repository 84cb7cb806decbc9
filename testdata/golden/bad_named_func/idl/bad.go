package bad

// Callback calls.
type Callback func()
