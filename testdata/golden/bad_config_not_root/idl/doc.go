// Package bad has its configuration in a sub-package.
package bad
