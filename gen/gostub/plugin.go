package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen"
)

// pluginNames are the names of the constants that say who the plugin is, in the stubs of the root IDL
// package; empty without a release version.
type pluginNames struct{ name, version string }

// claimPluginNames names the plugin's constants in the root package's namespace ns, after every
// declaration's generated names, so that giving a version renames nothing the stubs had before.
func claimPluginNames(ns *gen.Names) pluginNames {
	return pluginNames{name: ns.Claim("PluginName"), version: ns.Claim("PluginVersion")}
}

// generatePlugin declares the plugin's name and the release's version, which the author's main gives
// provider.Serve, so that GetPluginInfo reports the version that the TypeScript package and the Pulumi
// schema of the same run ask for:
//
//	const (
//		PluginName    = "acme"
//		PluginVersion = "0.1.0"
//	)
func (g *packageGen) generatePlugin() jen.Code {
	n, tree, release := g.names.plugin, g.pkg.Tree, g.release
	return g.prose("The provider plugin of these stubs, as the Pulumi engine knows it: its executable is pulumi-resource-%s, "+
		"and its version %s is the one (cidlc --pkg-version) that the TypeScript package and the Pulumi schema "+
		"generated with these stubs ask for. A plugin's main gives both to provider.Serve in its provider.Info.",
		tree.Name, release.Version).id("const").done().Defs(
		g.code(n.name, " = ").lit(tree.Name).done(),
		g.code(n.version, " = ").lit(release.Version).done(),
	)
}
