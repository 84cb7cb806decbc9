package provider

import "github.com/pulumi/pulumi/sdk/v3/go/common/resource"

// Ref is a reference to another resource: the value of a capability (a property of type *R for a
// resource R) and of *idl.Resource. On the wire it is a Pulumi resource reference, which carries both.
//
// During a preview the referenced resource may not exist yet: its ID is then empty.
type Ref struct {
	URN resource.URN `json:"urn,omitempty"`
	ID  resource.ID  `json:"id,omitempty"`
}
