package bad

// Port is a port.
type Port float64

// Ports.
const (
	// HTTP port.
	HTTP Port = 80
)
