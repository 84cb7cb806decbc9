//go:build unix

package enginetest

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup runs cmd in a process group of its own, which canceling its context kills whole.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
