package uptodate

import (
	"fmt"
	"io/fs"
	"syscall"
)

// fileMeta is the metadata a stamp compares: size, modification and change times in nanoseconds, inode
// and device. Any write to a file changes its change time, even one that puts its old modification time
// back. "-" means that the file must be checked by content.
func fileMeta(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%d:%d:%d:%d:%d", fi.Size(), fi.ModTime().UnixNano(), st.Ctim.Nano(), st.Ino, st.Dev)
}
