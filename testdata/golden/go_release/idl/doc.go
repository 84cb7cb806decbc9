// Package widgets is a released provider: release.json gives its version and the server of its plugin,
// as --pkg-version and --plugin-download-url would, and every output pins them.
package widgets

import "github.com/cidlc/cidlc/idl"

// A Widget is a resource of the root package.
type Widget struct {
	idl.Resource
	// Size is how big the widget is.
	Size float64
	// Label is printed on the widget.
	Label *string `lumi:"optional"`
}

// PluginVersion is a name of the author's: the stubs' constant of the plugin's version gives way to it.
type PluginVersion string

// Config is how the provider connects: the Provider class takes the release's options too.
type Config struct {
	idl.Config
	// Endpoint is the API's address.
	Endpoint *string `lumi:"optional,env=WIDGETS_ENDPOINT"`
}
