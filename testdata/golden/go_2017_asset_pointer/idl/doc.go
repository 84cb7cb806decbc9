// Package assets holds assets and archives the way the 2017 IDLs wrote them: behind pointers, like
// capabilities, where a pointer without optional is a required asset.
package assets
