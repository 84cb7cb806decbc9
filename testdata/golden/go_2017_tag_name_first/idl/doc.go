// Package github holds lumi tags whose name, written first as in the 2017 IDLs, is also an option word.
package github
