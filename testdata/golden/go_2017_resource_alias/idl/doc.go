// Package aws declares named types defined from resources, as the 2017 aws IDL did: another name for
// the resource, used to refer to it.
package aws
