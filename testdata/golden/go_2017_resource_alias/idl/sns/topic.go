package sns

import (
	"github.com/cidlc/cidlc/idl"
)

// Topic is a notification topic.
type Topic struct {
	idl.NamedResource
	// DisplayName is shown in notifications.
	DisplayName *string `lumi:"displayName,optional"`
}
