package bad

// Default is a default.
var Default = "x"
