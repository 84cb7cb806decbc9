package provider

import (
	"context"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// Forget, called by a Read, says that the service no longer has the program's value of key, a
// write-only (in) input of the resource being read: a password changed outside Pulumi, which Read can
// tell by checking the program's value against the hash the service keeps. The refresh then drops the
// value from the resource's inputs, so that the next update, seeing the program's value as new, sets it
// again.
//
// Read sees the program's value of a write-only input in its struct, as it sees every other input.
// Whatever it leaves there is ignored, as the service's own answer would be (most services give none
// back, and a Read that copies the service's object over the struct must not make each refresh forget
// the value): only Forget drops it. Forget of a key that is not a write-only input, or outside a Read,
// does nothing.
func Forget(ctx context.Context, key string) {
	if f, ok := ctx.Value(forgottenKey{}).(*forgotten); ok {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.keys[resource.PropertyKey(key)] = true
	}
}

// forgotten holds the write-only inputs that a Read forgot, through Forget; a Read's ops may call it
// from goroutines of their own.
type forgotten struct {
	mu   sync.Mutex
	keys map[resource.PropertyKey]bool
}

type forgottenKey struct{}

// withForgotten returns ctx for a Read, whose calls of Forget f records.
func withForgotten(ctx context.Context) (context.Context, *forgotten) {
	f := &forgotten{keys: map[resource.PropertyKey]bool{}}
	return context.WithValue(ctx, forgottenKey{}, f), f
}

// has reports whether key was forgotten; it is called once the Read is done.
func (f *forgotten) has(key resource.PropertyKey) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.keys[key]
}
