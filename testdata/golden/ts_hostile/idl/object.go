package hostile

import "github.com/cidlc/cidlc/idl"

// Object is a resource TypeScript will not let have its name in a CommonJS module: the class is
// declared as Object_ and exported as Object.
type Object struct {
	idl.Resource
	// Parent is a capability to another Object: a resource that refers to itself.
	Parent *Object `lumi:"optional"`
	// Owner is a capability to an Error.
	Owner *Error `lumi:"optional"`
	// Object_ is a property whose name is the class's local name.
	Object_ *string `lumi:"object_,optional"`
}
