// Package disk is how cidlc reads and replaces the files it may own: a read never follows a symbolic link
// and never blocks on a FIFO, and a write replaces a file whole, through a temporary file renamed over it,
// so that a reader, an interrupted run or a full disk sees the old content or the new, never a truncated
// file. FS is every change a writer makes, so that tests can fail any one of them.
//
// It knows nothing of what cidlc owns or generates (package gen decides that), and nothing of output
// directories.
package disk

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// FS is every change a writer makes to the file system. Tests substitute it to fail any one operation and
// prove that an interrupted write never leaves a truncated file behind.
type FS interface {
	MkdirAll(dir string) error
	// CreateTemp creates a new empty file in dir, named after base but so that no tool takes it for
	// base itself.
	CreateTemp(dir, base string) (TempFile, error)
	// Create creates the new file name, which must not exist yet: a file of a directory that a writer
	// builds whole in a place of its own and then renames into place, where the file needs no
	// temporary name.
	Create(name string) (TempFile, error)
	Rename(from, to string) error
	Remove(name string) error
}

// TempFile is a file CreateTemp created.
type TempFile interface {
	io.WriteCloser
	Name() string
}

// OS is the real file system.
type OS struct{}

func (OS) MkdirAll(dir string) error    { return os.MkdirAll(dir, 0o777) }
func (OS) Rename(from, to string) error { return os.Rename(from, to) }
func (OS) Remove(name string) error     { return os.Remove(name) }

// CreateTemp is os.CreateTemp with the permissions of an ordinary new file (0666 less the umask) instead of
// 0600: the temporary file becomes the generated file, and a chmod per file would cost a system call.
// The name starts with a dot and ends in .tmp so that go build, tsc and globs skip it.
func (OS) CreateTemp(dir, base string) (TempFile, error) {
	for range 1000 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 36)+".tmp")
		f, err := os.OpenFile(name, createFlags, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, "."+base+".*.tmp"), Err: fs.ErrExist}
}

// Create is os.Create that fails if name exists, with the permissions of an ordinary new file.
func (OS) Create(name string) (TempFile, error) {
	return os.OpenFile(name, createFlags, 0o666)
}

// errSymlink says that a generated path holds a symbolic link. cidlc neither writes through one (it could
// lead anywhere) nor replaces one (the user made it).
var errSymlink = errors.New("is a symbolic link; cidlc neither writes through nor replaces it")

// notRegular says that a generated path holds a directory or a special file, and which.
func notRegular(mode fs.FileMode) error {
	switch {
	case mode.IsDir():
		return errors.New("is a directory where cidlc generates a file")
	case mode&fs.ModeNamedPipe != 0:
		return errors.New("is a named pipe (FIFO), not a regular file")
	case mode&fs.ModeSocket != 0:
		return errors.New("is a socket, not a regular file")
	case mode&fs.ModeDevice != 0:
		return errors.New("is a device, not a regular file")
	}
	return errors.New("is not a regular file")
}

// ReadFile is os.ReadFile for a file cidlc may own: it fails with errSymlink on a symbolic link and with
// an error from notRegular on anything else that is not a regular file, at no more cost than os.ReadFile
// (open, fstat, read). It never blocks on a FIFO. It also returns the file's mode.
func ReadFile(name string) ([]byte, fs.FileMode, error) {
	return ReadFileInto(name, nil)
}

// ReadFileInto is ReadFile into buf's memory when the file fits in its capacity, so that a caller that
// reads many files and keeps few of them can reuse one buffer: the data is buf[:n] then, and a new slice
// otherwise.
func ReadFileInto(name string, buf []byte) ([]byte, fs.FileMode, error) {
	f, fi, err := open(name)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	// One more byte than the size, so that the read that returns io.EOF needs no new buffer.
	data := buf[:0]
	if int64(cap(data)) < fi.Size()+1 {
		data = make([]byte, 0, fi.Size()+1)
	}
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, fi.Mode(), nil
		}
		if err != nil {
			return nil, 0, err
		}
		if len(data) == cap(data) {
			// The file grew since fstat.
			data = append(data, 0)[:len(data)]
		}
	}
}

// Open opens a file cidlc may own for reading, as ReadFile reads it, for a caller that reads a large
// file a piece at a time. It also returns the file's mode.
func Open(name string) (*os.File, fs.FileMode, error) {
	f, fi, err := open(name)
	if err != nil {
		return nil, 0, err
	}
	return f, fi.Mode(), nil
}

func open(name string) (*os.File, fs.FileInfo, error) {
	f, err := openNoFollow(name)
	if err != nil {
		// Some special files cannot even be opened (a socket: ENXIO); say what they are.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, errSymlink) {
			if fi, lerr := os.Lstat(name); lerr == nil && !fi.Mode().IsRegular() {
				return nil, nil, notRegular(fi.Mode())
			}
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(fi.Mode())
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// WriteFile replaces the file name with content through a temporary file in the same directory, so that
// name holds the old content or the new one and nothing in between. The temporary file does not survive
// a failure.
func WriteFile(d FS, name string, content []byte) error {
	return WriteFileWith(d, name, func(w io.Writer) error {
		_, err := w.Write(content)
		return err
	})
}

// WriteFileWith is WriteFile of what write writes, for a content too large to be worth holding whole in
// memory: write should buffer its writes.
func WriteFileWith(d FS, name string, write func(io.Writer) error) error {
	f, err := d.CreateTemp(filepath.Dir(name), filepath.Base(name))
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = d.Rename(f.Name(), name)
	}
	if err != nil {
		d.Remove(f.Name())
	}
	return err
}
