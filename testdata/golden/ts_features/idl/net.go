package feat

// NetMode is declared in net.go, beside the directory net/: the barrel must name the directory
// "./net/index", since "./net" is this file.
type NetMode string

const (
	NetModeBridge NetMode = "bridge"
	NetModeHost   NetMode = "host"
)
