package bad

import "github.com/cidlc/cidlc/idl"

// Retry says how calls are retried.
type Retry struct {
	// Attempts is how many times.
	Attempts float64
}

// Config configures the provider.
type Config struct {
	idl.Config
	// Labels come from a map.
	Labels *map[string]string `lumi:"optional,env=LABELS"`
	// Zones come from an array.
	Zones *[]string `lumi:"optional,env=ZONES"`
	// Retry is a struct.
	Retry *Retry `lumi:"optional,env=RETRY"`
	// Extra is anything.
	Extra *any `lumi:"optional,env=EXTRA"`
}
