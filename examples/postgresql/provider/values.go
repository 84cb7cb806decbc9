package postgresql

import (
	"slices"

	"github.com/cidlc/cidlc/provider"
)

// deref is the slice p points to, or nil.
func deref[S ~[]E, E any](p *S) S {
	if p == nil {
		return nil
	}
	return *p
}

// equal reports whether two optional values are both absent, or both present and equal.
func equal[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// sameSet is what the server says a list is (read, in any order), written as the state had it when it
// holds the same elements: a refresh shows no change for an order the server does not keep. An empty
// list the state did not have stays absent.
func sameSet[E comparable](state *[]E, read []E) *[]E {
	if state == nil && len(read) == 0 {
		return nil
	}
	if state != nil && len(*state) == len(read) && !slices.ContainsFunc(*state, func(e E) bool { return !slices.Contains(read, e) }) {
		return state
	}
	if read == nil {
		read = []E{}
	}
	return &read
}

// roleName is the name of the role that a capability refers to (a Role's ID is its name), or "".
func roleName(r *provider.Ref) string {
	if r == nil {
		return ""
	}
	return string(r.ID)
}

// orEmpty is the string p points to, or "".
func orEmpty(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
