package e2e

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// What release 0.2.0 of the example changes, in the release test's copy of the checkout: the provider
// evolves as providers do between releases, and stacks deployed with 0.1.0 must keep working.
//
//   - The subnet moves from network/subnet.go to network/vpc.go, beside its VPC: its type token changes
//     from acme:network/subnet:Subnet to acme:network/vpc:Subnet. Its marker declares the earlier token
//     (formerly=), so the package passes it to the engine as an alias, and the instance, whose subnet
//     replaces it, refers to the subnet by its URN under the earlier token in its old state.
//   - The instance reports its status as an object, {phase: "running"}, where 0.1.0 stored the bare
//     phase: a stored property's shape changes. The instance's marker raises its state version to 1,
//     and its ops convert what 0.1.0 stored (MigrateFrom0); the programs' side of the change (a type
//     change of an output the README's program does not read) is accepted in the IDL.
//
// Each edit must apply exactly once: a change of the example that moves what it edits fails the test
// here, rather than releasing something else as 0.2.0.
var evolution = []fileEdit{
	{path: "examples/idl/network/subnet.go", remove: true},
	{path: "examples/idl/network/vpc.go", append: subnetOfVPC},
	{path: "examples/idl/compute/instance.go", edits: [][2]string{
		{"type Instance struct {\n\tidl.NamedResource `lumi:\"timeout=10m\"`\n", "type Instance struct {\n\tidl.NamedResource `lumi:\"timeout=10m" + instanceStateVersion + "\"`\n"},
		{"\t// Status is where the instance is in its life cycle.\n\tStatus *InstanceStatus `lumi:\"out\"`\n",
			"\t// State is where the instance is in its life cycle, an object since 0.2.0.\n" +
				"\t//cidlc:accept type-changed:compute.Instance.status the status is an object since 0.2.0; programs read status.phase\n" +
				"\tState *InstanceState `lumi:\"status,out\"`\n"},
	}, append: instanceState},
	{path: "examples/provider/compute/ops.go", edits: [][2]string{
		{"\tin.Status = new(InstanceStatusPending)\n", "\tin.State = &InstanceState{Phase: InstanceStatusPending}\n"},
		{"\tif news.Status == nil || *news.Status != InstanceStatusPending {\n", "\tif news.State == nil || news.State.Phase != InstanceStatusPending {\n"},
		{"\tin.Status = new(InstanceStatusRunning)\n", "\tin.State = &InstanceState{Phase: InstanceStatusRunning}\n"},
	}},
	{path: "examples/provider/compute/migrate.go", create: instanceMigration},
}

// instanceStateVersion is the option of the instance's marker that declares its migration.
const instanceStateVersion = ",stateVersion=1"

const subnetOfVPC = `
// Subnet is a range of addresses inside a VPC, bound to one availability zone. Servers and load
// balancers are always placed in a subnet. It was declared in network/subnet.go until 0.2.0.
type Subnet struct {
	idl.Resource ` + "`lumi:\"formerly=acme:network/subnet:Subnet\"`" + `
	// ID is the subnet's identifier, such as "subnet-0a1b2c3d", assigned by Acme Cloud.
	ID *string ` + "`lumi:\"id,out\"`" + `
	// VPC is the network the subnet belongs to.
	VPC *VPC ` + "`lumi:\"replaces\"`" + `
	// CIDRBlock is the subnet's address range; it must lie within the VPC's range and not overlap with
	// another subnet of the same VPC.
	CIDRBlock string ` + "`lumi:\"replaces,pattern='^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$'\"`" + `
	// AvailabilityZone is the zone of the region that hosts the subnet, such as "us-west-1b". Acme Cloud
	// picks one when it is not given.
	AvailabilityZone *string ` + "`lumi:\"optional,replaces\"`" + `
	// MapPublicIPOnLaunch gives every server started in this subnet a public IPv4 address, making the
	// subnet public. Defaults to false.
	MapPublicIPOnLaunch *bool ` + "`lumi:\"optional\"`" + `
	// Tags are labels attached to the subnet.
	Tags *acme.Tags ` + "`lumi:\"optional\"`" + `
	// AvailableIPCount is how many addresses of the range are still free.
	AvailableIPCount *int ` + "`lumi:\"out\"`" + `
}
`

const instanceState = `
// InstanceState is where an instance is in its life cycle.
type InstanceState struct {
	// Phase is the phase of the life cycle.
	Phase InstanceStatus
	// Since is when the instance entered the phase (RFC 3339), when Acme Cloud knows.
	Since *string ` + "`lumi:\"optional\"`" + `
}
`

const instanceMigration = `package compute

import (
	"context"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

// MigrateFrom0 reads the status of an instance that 0.1.0 stored as its bare phase ("running").
func (instanceOps) MigrateFrom0(_ context.Context, old provider.OldState, in *instance) error {
	if phase, ok := old.String("status"); ok {
		in.State = &InstanceState{Phase: InstanceStatus(phase)}
	}
	return nil
}

// Read reads the instance's record, in which Acme Cloud kept the status of an instance made before
// 0.2.0 as its bare phase.
func (o instanceOps) Read(ctx context.Context, id resource.ID, in *instance) error {
	if err := o.Table.Read(ctx, id, in); err != nil || in.State != nil {
		return err
	}
	var before struct{ Status *InstanceStatus }
	if err := o.Cloud.Get(o.Kind, id, &before); err != nil {
		return err
	}
	if before.Status != nil {
		in.State = &InstanceState{Phase: *before.Status}
	}
	return nil
}
`

// fileEdit is one change of a file of the checkout's copy: removed, created, edited (each replacement
// made exactly once), appended to.
type fileEdit struct {
	path           string
	remove         bool
	create, append string
	edits          [][2]string
}

// evolve makes release 0.2.0's changes in the checkout's copy clone.
func evolve(t *testing.T, clone string) {
	t.Helper()
	for _, e := range evolution {
		name := filepath.Join(clone, filepath.FromSlash(e.path))
		switch {
		case e.remove:
			if err := os.Remove(name); err != nil {
				t.Fatalf("0.2.0: %v", err)
			}
			continue
		case e.create != "":
			testsupport.WriteFile(t, name, e.create)
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("0.2.0: %v", err)
		}
		text := string(data)
		for _, ed := range e.edits {
			if strings.Count(text, ed[0]) != 1 {
				t.Fatalf("0.2.0: %s does not hold %q exactly once: the example changed, so change the release test's evolution with it", e.path, ed[0])
			}
			text = strings.Replace(text, ed[0], ed[1], 1)
		}
		testsupport.WriteFile(t, name, text+e.append)
	}
}

// gitRelease commits the checkout's copy as it is and tags it as version, as a provider's repository
// holds each release, so that cidlc --breaking-against can read it.
func gitRelease(ctx context.Context, t *testing.T, clone, version string) {
	t.Helper()
	env := []string{"GIT_AUTHOR_NAME=release test", "GIT_AUTHOR_EMAIL=release@test.invalid",
		"GIT_COMMITTER_NAME=release test", "GIT_COMMITTER_EMAIL=release@test.invalid", "GIT_CONFIG_GLOBAL=/dev/null"}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "--no-gpg-sign", "-m", "release " + version}, {"tag", "v" + version},
	} {
		if _, err := os.Stat(filepath.Join(clone, ".git")); err == nil && args[0] == "init" {
			continue
		}
		if _, err := e2etest.Output(ctx, clone, env, "git", args...); err != nil {
			t.Fatal(err)
		}
	}
}

// checkEvolution runs cidlc --breaking-against on 0.2.0's IDL against the tag of 0.1.0, as a provider's
// CI does before a release: the move and the change of the instance's state are covered by their
// remedies, and it passes; without the instance's state version, the change of what its state holds
// is a break that fails it.
func checkEvolution(ctx context.Context, t *testing.T, clone, against string) {
	t.Helper()
	breaking := func(what string) (string, int) {
		var out []byte
		status := 0
		err := e2etest.Timed(t, "cidlc --breaking-against="+against+" "+what, func() error {
			cmd := e2etest.Command(ctx, clone, []string{"CIDLC_CACHE=off"}, "go", "run", "./cmd/cidlc", "examples/idl", "--breaking-against="+against)
			var err error
			out, err = cmd.CombinedOutput()
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status, err = exit.ExitCode(), nil
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("cidlc --breaking-against=%s %s: exit %d\n%s", against, what, status, out)
		return string(out), status
	}
	out, status := breaking("(0.2.0)")
	for _, want := range []string{
		"network.Subnet: safe (token-changed, state, covered by an alias)",
		"compute.Instance.status: safe (stored-type-changed, state, covered by a migration)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("cidlc --breaking-against=%s on 0.2.0 does not say %q", against, want)
		}
	}
	if status != 0 {
		t.Errorf("cidlc --breaking-against=%s on 0.2.0: exit %d, want 0", against, status)
	}

	// The same, without the instance's state version: nothing migrates what 0.1.0 stored.
	instance := filepath.Join(clone, "examples", "idl", "compute", "instance.go")
	data, err := os.ReadFile(instance)
	if err != nil {
		t.Fatal(err)
	}
	testsupport.WriteFile(t, instance, strings.Replace(string(data), instanceStateVersion+"\"`", "\"`", 1))
	out, status = breaking("(0.2.0 without the instance's state version)")
	if want := "compute.Instance.status: BREAKING (stored-type-changed, state)"; status != 1 || !strings.Contains(out, want) {
		t.Errorf("cidlc --breaking-against=%s without the migration: exit %d, want 1 and %q", against, status, want)
	}
	testsupport.WriteFile(t, instance, string(data))
}
