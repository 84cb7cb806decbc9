// Command goprogram deploys a resource of the example provider from Go: a Pulumi program written
// against the Go SDK that `pulumi package gen-sdk` generated from cidlc's schema of examples/, run by
// the Automation API as an inline program (the Automation API hosts the Go language runtime in this
// process, so no pulumi-language-go is needed), with the provider plugin built from examples/.
//
//	goprogram up       creates or updates the stack: a VPC, and a subnet in it, in a zone a function
//	                   of the provider lists
//	goprogram destroy  destroys the stack's resources and removes the stack
//
// It writes the engine's progress on standard error and, when the operation succeeded, one JSON object
// on standard output: the stack outputs (up) and the summary of resource changes. The test in
// e2e/schema checks them, and what the provider stored, between the two runs. It reads its environment
// (all required):
//
//	E2E_PULUMI_ROOT  the installation of the Pulumi CLI to use: $E2E_PULUMI_ROOT/bin/pulumi
//	E2E_PLUGIN_DIR   the directory of the provider plugin, pulumi-resource-acme
//	E2E_WORK_DIR     the directory of the project
//
// and expects the environment to set the CLI up to run offline, as e2e/schema's test does.
//
// It is built in a module of its own, with the generated SDK, by e2e/schema's test; testdata/ keeps it
// out of the cidlc module, where the SDK it imports does not exist.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"example.com/pulumi-acme/sdk/go/acme"
	"example.com/pulumi-acme/sdk/go/acme/compute"
	"example.com/pulumi-acme/sdk/go/acme/network"
)

// The inputs; the test expects to find them in the provider's store.
const (
	cidrBlock       = "10.42.0.0/16"
	vpcName         = "acme-go-vpc"
	subnetCIDRBlock = "10.42.1.0/24"
	imageName       = "debian-12"
)

// program is the Pulumi program: a VPC, named explicitly, in a region given by an enum value of the
// root module, with tags (an alias of a map); and a subnet of the VPC, which refers to it (a capability:
// the SDK passes the VPC resource itself), in the second of the zones that the function listZones
// returns. It also looks an image up with getImage, which the Go SDK calls LookupImage (GetImage is the
// getter of the resource Image), in its Output form.
func program(ctx *pulumi.Context) error {
	region := acme.RegionEUWest1 // the provider's is us-west-1
	zones, err := network.ListZones(ctx, &network.ListZonesArgs{Region: &region})
	if err != nil {
		return err
	}
	if len(zones.Names) < 2 {
		return fmt.Errorf("listZones returned %v, want the zones of eu-west-1", zones.Names)
	}
	ctx.Export("zones", pulumi.ToStringArray(zones.Names))
	image := compute.LookupImageOutput(ctx, compute.LookupImageOutputArgs{Name: pulumi.String(imageName)})
	ctx.Export("imageId", image.Id())
	ctx.Export("imageFormat", image.Format())
	// An int of the IDL is an integer in the Go SDK (pulumi.Int…), not a float: these lines compile only
	// so.
	var imageSize pulumi.IntOutput = image.SizeGiB()
	ctx.Export("imageSizeGiB", imageSize)
	vpc, err := network.NewVPC(ctx, "vpc", &network.VPCArgs{
		Name:      pulumi.String(vpcName),
		CidrBlock: pulumi.String(cidrBlock),
		Region:    acme.RegionEUWest1,
		Tags:      pulumi.StringMap{"sdk": pulumi.String("go")},
	})
	if err != nil {
		return err
	}
	ctx.Export("id", vpc.ID())
	ctx.Export("urn", vpc.URN())
	ctx.Export("arn", vpc.Arn)
	ctx.Export("name", vpc.Name)
	ctx.Export("cidrBlock", vpc.CidrBlock)
	ctx.Export("region", vpc.Region)
	subnet, err := network.NewSubnet(ctx, "subnet", &network.SubnetArgs{
		Vpc:              vpc,
		CidrBlock:        pulumi.String(subnetCIDRBlock),
		AvailabilityZone: pulumi.String(zones.Names[1]),
	})
	if err != nil {
		return err
	}
	ctx.Export("subnetId", subnet.ID())
	var available pulumi.IntOutput = subnet.AvailableIPCount
	ctx.Export("availableIPCount", available)
	ctx.Export("subnetZone", subnet.AvailabilityZone)
	return nil
}

// result is what the program prints on standard output.
type result struct {
	Outputs map[string]any `json:"outputs,omitempty"`
	Changes map[string]int `json:"changes"`
}

func main() {
	if len(os.Args) != 2 || (os.Args[1] != "up" && os.Args[1] != "destroy") {
		fmt.Fprintln(os.Stderr, "usage: goprogram up|destroy")
		os.Exit(2)
	}
	res, err := run(context.Background(), os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "goprogram %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, op string) (*result, error) {
	cli, err := auto.NewPulumiCommand(&auto.PulumiCommandOptions{Root: env("E2E_PULUMI_ROOT")})
	if err != nil {
		return nil, err
	}
	project := workspace.Project{
		Name:    "acme-go",
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		// The engine runs the provider plugin from this directory.
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "acme", Path: env("E2E_PLUGIN_DIR")}}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "dev", "acme-go", program,
		auto.Pulumi(cli), auto.Project(project), auto.WorkDir(env("E2E_WORK_DIR")))
	if err != nil {
		return nil, err
	}
	switch op {
	case "up":
		up, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr), optup.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		res := &result{Outputs: map[string]any{}, Changes: changes(up.Summary.ResourceChanges)}
		for k, v := range up.Outputs {
			res.Outputs[k] = v.Value
		}
		return res, nil
	default:
		destroy, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		if err := stack.Workspace().RemoveStack(ctx, stack.Name()); err != nil {
			return nil, err
		}
		return &result{Changes: changes(destroy.Summary.ResourceChanges)}, nil
	}
}

func changes(m *map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return *m
}

func env(name string) string {
	v := os.Getenv(name)
	if v == "" {
		fmt.Fprintf(os.Stderr, "goprogram: $%s is not set\n", name)
		os.Exit(2)
	}
	return v
}
