package typescript

import "github.com/cidlc/cidlc/gen"

// utilitiesFile is the module that holds the package's release (templates/utilities.ts.tmpl), in the
// package, without .ts. Like contractsFile, it starts with _, which no IDL file does.
const utilitiesFile = "_utilities"

// utilitiesView is what the "utilities.ts" template renders.
type utilitiesView struct {
	Header string
	gen.Release
}

// usesRelease reports whether the package is released (cidlc --pkg-version), and if so records that the
// file imports _utilities.ts, which holds the release. Then, as in Pulumi's own SDKs, everything that
// asks the engine for the plugin takes the release's options the same way, under those the program
// gives: a resource's constructor (and a provider's, and an invoke's) merges
// _utilities.resourceOptsDefaults() into its options, and the registration of a file's resources says
// _utilities.getVersion(). Without a release the package pins nothing, and imports nothing of it.
func (g *fileGen) usesRelease() bool {
	if !g.release.Pinned() {
		return false
	}
	g.scope.useUtilities()
	return true
}
