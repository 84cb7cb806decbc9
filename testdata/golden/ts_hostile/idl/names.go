package hostile

import "github.com/cidlc/cidlc/idl"

// Function is named like JavaScript's Function.
type Function struct {
	idl.NamedResource
	// Err refers to the Error resource, which this file imports under another name since it throws
	// Errors of its own.
	Err *Error
	// Größe has a non-ASCII name.
	Größe float64
	// Name has a Japanese wire name.
	Name *string `lumi:"名前,optional"`
	// Tilde has a wire name with U+2E2F, a letter for Go but not for JavaScript: it is quoted.
	Tilde *string `lumi:"aⸯb,optional"`
	// Promise is a struct named like a global.
	Promise *Promise `lumi:"optional"`
}

// Promise is a struct named like JavaScript's Promise.
type Promise struct {
	// Constructor is a struct member named constructor, which an interface may have.
	Constructor string `lumi:"constructor"`
	// ToString is named like a method of every object.
	ToString *string `lumi:"toString,optional"`
	// ValueOf is an integer named like a method of every object, which takes away the contextual type
	// of its contract in an object literal.
	ValueOf *int `lumi:"valueOf,optional,min=1"`
}

// Symbol is an enum named like JavaScript's Symbol.
type Symbol string

const (
	SymbolIterator Symbol = "iterator"
)

// AVeryLongResourceNameThatMakesTheConstructorWrapItsSignature has a name long enough to wrap the
// constructor's signature, and a property whose name wraps the statements that use it.
type AVeryLongResourceNameThatMakesTheConstructorWrapItsSignature struct {
	idl.Resource
	// APropertyWithANameLongEnoughToWrapTheConstructorStatementsThatUseIt is required.
	APropertyWithANameLongEnoughToWrapTheConstructorStatementsThatUseIt string `lumi:"replaces"`
}
