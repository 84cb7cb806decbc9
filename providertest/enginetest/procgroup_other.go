//go:build !unix

package enginetest

import "os/exec"

// ownProcessGroup leaves cmd as it is: without process groups, canceling kills the command alone.
func ownProcessGroup(*exec.Cmd) {}
