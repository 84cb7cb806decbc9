// Package registrydocs is the --out-docs backend: the two pages that the Pulumi Registry publishes for
// a third-party package beside its schema, docs/_index.md and docs/installation-configuration.md,
// written from the model so that they never disagree with the provider.
//
//   - _index.md is the package's overview: its title, the root IDL package's doc comment, and the
//     resources and functions of each module, as programs name them (acme.network.VPC), with the first
//     sentence of their docs. The registry makes the API pages of each resource from the schema itself.
//   - installation-configuration.md says how to install the package (its npm package) and the plugin
//     (the release's version and download server, when the run has them), and documents every
//     configuration key: its type, whether it is required, its default, the environment variables it
//     falls back on, whether it is a secret (`pulumi config set --secret`), whether changing it replaces
//     the provider, its contracts, and its doc comment; with the commands that set the required keys.
//
// Both start with the front matter the registry's site reads (title, meta_desc, layout: package),
// then a comment that says the page is generated. Markdown has no comment a first line could hold, so
// cidlc owns them through the manifest of their directory (docs/ownership.md), as schema.json.
//
// The pages are laid out by text/template, one template per page in templates/; what varies comes from
// the views in this package. It must not touch the disk, and says nothing the IDL does not: no example
// program is made up (an author adds one by hand to a page of their own).
package registrydocs
