// Package aws describes a few Amazon Web Services resources, as in the IDL design note.
package aws
