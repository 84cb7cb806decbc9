package gen

// What the external tests need to substitute the file system.
type (
	Disk     = disk
	TempFile = tempFile
)

var OSDisk Disk = osDisk{}

// WriteTo is Write on the given file system.
func WriteTo(results []Result, d Disk) (Report, error) { return write(results, d) }
