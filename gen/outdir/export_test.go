package outdir

import (
	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/disk"
)

// What the external tests need to substitute the file system.
type (
	Disk     = disk.FS
	TempFile = disk.TempFile
)

var OSDisk Disk = disk.OS{}

// WriteTo is Write on the given file system.
func WriteTo(results []Result, d Disk) (Report, error) { return write(results, d) }

// StageOn is Stage on the given file system.
func StageOn(tree *model.Tree, outs []Output, opts StageOptions, d Disk) (*Staged, error) {
	return stage(outs, opts, d, func(i int, emit func(*gen.File)) error { return gen.StreamOf(outs[i].Backend, tree, emit) })
}
