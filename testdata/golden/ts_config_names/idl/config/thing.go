// Package config is a sub-directory named like the configuration's namespace.
package config

// Thing is a struct of the sub-directory.
type Thing struct {
	// Name of the thing.
	Name string
}
