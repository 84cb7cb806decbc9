package compute

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// KeyPair registers the public half of an SSH key so that instances can be started with it.
type KeyPair struct {
	idl.NamedResource
	// PublicKey is the public key in OpenSSH format, such as "ssh-ed25519 AAAAC3Nz... alice@laptop".
	PublicKey string `lumi:"replaces"`
	// Tags are labels attached to the key pair.
	Tags *acme.Tags `lumi:"optional"`
	// Fingerprint is the SHA-256 fingerprint of the key, as shown by ssh-keygen -l.
	Fingerprint *string `lumi:"out"`
}
