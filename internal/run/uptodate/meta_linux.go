package uptodate

import (
	"io/fs"
	"strconv"
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
	b := make([]byte, 0, 80)
	b = append(strconv.AppendInt(b, fi.Size(), 10), ':')
	b = append(strconv.AppendInt(b, fi.ModTime().UnixNano(), 10), ':')
	b = append(strconv.AppendInt(b, st.Ctim.Nano(), 10), ':')
	b = append(strconv.AppendUint(b, uint64(st.Ino), 10), ':')
	return string(strconv.AppendUint(b, uint64(st.Dev), 10))
}
