package gen

import "github.com/cidlc/cidlc/internal/disk"

// What the external tests need to substitute the file system.
type (
	Disk     = disk.FS
	TempFile = disk.TempFile
)

var OSDisk Disk = disk.OS{}

// WriteTo is Write on the given file system.
func WriteTo(results []Result, d Disk) (Report, error) { return write(results, d) }
