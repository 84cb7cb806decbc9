package gen

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/blang/semver"
)

// Release says which release of a provider the outputs belong to: the version that every output pins
// (cidlc --pkg-version) and the server the Pulumi engine downloads the plugin of that version from
// (--plugin-download-url). Every backend takes the same Release, so that the npm package, the resources'
// options, the Pulumi schema and the plugin all name one version. The zero value pins nothing: the
// outputs of a build that is not a release.
type Release struct {
	// Version is the package's version, a semantic version without a leading v: `1.2.0`.
	Version string
	// PluginDownloadURL is where the engine fetches pulumi-resource-<name>-v<Version>-<os>-<arch>.tar.gz
	// from when a program needs the plugin and it is not installed; "" leaves the engine's default.
	PluginDownloadURL string
}

// pluginURLSchemes are the schemes of the plugin sources the engine knows (Pulumi's
// workspace.newPluginSource): a file server, GitHub or GitLab releases, a Git repository.
var pluginURLSchemes = []string{"https", "http", "github", "gitlab", "git"}

// NewRelease validates a release's version and plugin download URL and returns the Release. A leading v
// of the version is dropped, as npm and the engine drop it (a Git tag such as v1.2.0 is the version
// 1.2.0). The version must be a semantic version, as the engine and npm require; a plugin download URL
// needs a version, as the engine downloads a plugin only by its version, and a scheme the engine can
// download from. The errors name the flags.
func NewRelease(version, pluginDownloadURL string) (Release, error) {
	r := Release{Version: strings.TrimPrefix(version, "v"), PluginDownloadURL: pluginDownloadURL}
	if version != "" {
		if _, err := semver.Parse(r.Version); err != nil {
			return Release{}, fmt.Errorf("--pkg-version %q is not a semantic version (MAJOR.MINOR.PATCH, such as 1.2.0): %v", version, err)
		}
	}
	if pluginDownloadURL == "" {
		return r, nil
	}
	if version == "" {
		return Release{}, fmt.Errorf("--plugin-download-url needs --pkg-version: the engine downloads a plugin by its version")
	}
	u, err := url.Parse(pluginDownloadURL)
	switch {
	case err != nil:
		return Release{}, fmt.Errorf("--plugin-download-url: %v", err)
	case u.Scheme == "file":
		return Release{}, fmt.Errorf("--plugin-download-url %q: the engine cannot download from file:// URLs; serve the directory over HTTP", pluginDownloadURL)
	case !slices.Contains(pluginURLSchemes, u.Scheme) || u.Host == "":
		return Release{}, fmt.Errorf("--plugin-download-url %q: the engine downloads plugins from an absolute http:// or https:// URL (such as https://example.com/releases/) or a github://, gitlab:// or git:// source", pluginDownloadURL)
	}
	return r, nil
}

// Pinned reports whether the release pins a version.
func (r Release) Pinned() bool { return r.Version != "" }
