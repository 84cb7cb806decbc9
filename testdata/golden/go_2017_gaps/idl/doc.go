// Package aws holds what the 2017 compiler accepted beyond the constructs of the real 2017 IDLs:
// embedded structs, struct types defined from others, the coconut-era coco tag, a Go field called Name
// in a named resource, and markers imported through a package of aliases.
package aws
