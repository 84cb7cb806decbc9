package synth

// The -update flag of `go test ./... -update` is defined by gen/golden; every test binary of the module
// must know it.
import _ "github.com/cidlc/cidlc/gen/golden"
