// Package fresh is in a directory named new, a JavaScript keyword: the namespace is still "new".
package fresh

// Version is a constant.
const Version = "1"
