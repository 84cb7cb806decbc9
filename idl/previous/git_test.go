package previous

import "testing"

// TestBlobID: the name cidlc computes for a file is git's (git hash-object), or every file of a revision
// would be read through git cat-file instead of from disk.
func TestBlobID(t *testing.T) {
	if got, want := blobID([]byte("hello\n")), "ce013625030ba8dba906f756967f9e9ca394464a"; got != want {
		t.Errorf("blobID: %s, want %s", got, want)
	}
}
