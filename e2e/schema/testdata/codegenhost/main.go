// Command codegenhost is a Pulumi language plugin that only generates SDKs: it answers the
// LanguageRuntime RPCs that `pulumi package gen-sdk` makes (GetPluginInfo and GeneratePackage) and no
// others. Installed as pulumi-language-go, pulumi-language-nodejs or pulumi-language-python, it
// generates for the language of its name.
//
// Pulumi's real language plugins are not available from the Go module proxy here (the proxy refuses
// github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3 and its nodejs and python siblings at every
// version tried), and their GeneratePackage does nothing but what this one does: decode the schema,
// bind it with the engine's schema loader, call the code generator of github.com/pulumi/pulumi/pkg/v3
// for its language, and write the files. The code generators are the same packages at the same
// version as the CLI's, so the SDKs are the ones Pulumi's own plugins would write.
//
// It is built in a wrapper module by e2e/schema/build-codegen-hosts.sh; it is not part of the cidlc
// module (testdata/ keeps it out of ./...), whose dependencies do not include pkg/v3.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/pkg/v3/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

func main() {
	language := strings.TrimPrefix(filepath.Base(os.Args[0]), "pulumi-language-")
	switch language {
	case "go", "nodejs", "python":
	default:
		fmt.Fprintf(os.Stderr, "%s: install me as pulumi-language-go, -nodejs or -python\n", os.Args[0])
		os.Exit(2)
	}
	// The engine passes its address as the last argument; gen-sdk needs nothing from it.
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{language: language})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-%s: %v\n", language, err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of standard output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-%s: %v\n", language, err)
		os.Exit(1)
	}
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// GeneratePackage does what the GeneratePackage of Pulumi's language plugins does.
func (h *host) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	cached := schema.NewCachedLoader(loader)
	pkg, diags, err := schema.BindSpec(spec, cached, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
	}
	var files map[string][]byte
	switch h.language {
	case "go":
		if len(req.ExtraFiles) > 0 {
			return nil, fmt.Errorf("overlays are not supported for Go")
		}
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
	case "nodejs":
		files, err = nodejsgen.GeneratePackage("pulumi-language-nodejs", pkg, req.ExtraFiles, req.LocalDependencies, req.Local, cached)
	case "python":
		files, err = pythongen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, cached)
	}
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		out := filepath.Join(req.Directory, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
			return nil, fmt.Errorf("could not create output directory %s: %w", filepath.Dir(name), err)
		}
		if err := os.WriteFile(out, data, 0o600); err != nil {
			return nil, fmt.Errorf("could not write output file %s: %w", name, err)
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
}
