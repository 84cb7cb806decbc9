package providertest

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"
)

// Step is a step of a LifeCycle, after which LifeCycle.After runs.
type Step string

// The steps of a LifeCycle, in order.
const (
	Created  Step = "create"
	Updated  Step = "update"
	Replaced Step = "replace"
	Imported Step = "import"
	Deleted  Step = "delete"
)

// LifeCycle is the life of one resource as the engine makes it, from `pulumi up` to `pulumi destroy`,
// with what the engine checks at each step, as Terraform's plugin tests check a plan and an import
// after every apply:
//
//  1. create: Check and Create with the Create inputs; then Read (a refresh) must give back the same
//     outputs and inputs, and a Diff of the same inputs must find no change (a preview of an
//     unchanged program is empty);
//  2. update in place: a Diff of the inputs changed by Update must find a change that replaces
//     nothing; Update; then Read and Diff as after create;
//  3. replace: a Diff of the inputs changed by Replace too must replace the resource; the engine's
//     replacement (Create of the new resource, then Delete of the old one, or the other way round when
//     the Diff asks to delete before replacing); then Read and Diff as after create;
//  4. import: Read by the ID alone, as `pulumi import` and `get` do, must give the outputs of the live
//     resource, and a Diff of the program's inputs against what it read must find no change;
//  5. delete: Delete; then Read by the ID must find nothing.
//
// A difference fails the test naming the step and the property (`Read after create: content: got
// "Hello!", want "Hello"`); an operation's error stops it. Each step is logged (go test -v shows it).
type LifeCycle struct {
	// Type and Name are the resource's type token and its name in the program.
	Type tokens.Type
	Name string
	// Create are the inputs it is created with.
	Create map[string]any
	// Update changes inputs (With) so that the resource is updated in place; nil skips the step.
	Update map[string]any
	// Replace changes the inputs after Update so that the resource is replaced; nil skips the step.
	Replace map[string]any
	// Ignore are top-level properties that the service cannot give back as they were given (a
	// password it keeps only as a hash): the comparisons after a Read leave them out, and a change of
	// them alone after the import is no failure.
	Ignore []string
	// After, when set, runs the author's own step after each step: with the resource as the engine now
	// knows it (after Deleted, as it was), it can check the service, or change it behind Pulumi's back.
	After func(step Step, l *Live)
}

// LifeCycle runs lc: see LifeCycle.
func (d *Driver) LifeCycle(lc LifeCycle) {
	d.T.Helper()
	after := func(step Step, l *Live) {
		if lc.After != nil {
			lc.After(step, l)
		}
	}
	inputs := lc.Create
	l := d.MustCreate(lc.Type, lc.Name, inputs)
	d.T.Logf("create: %s %s: ID %s", lc.Type, lc.Name, l.ID)
	after(Created, l)
	d.steady(lc, l, inputs, "create")

	if lc.Update != nil {
		inputs = With(inputs, lc.Update)
		diff := d.Diff(l, inputs)
		switch {
		case len(diff.GetReplaces()) > 0:
			d.T.Errorf("update of %s: the changes of %s replace it (%s): give them as LifeCycle.Replace", lc.Name, keys(lc.Update), strings.Join(diff.GetReplaces(), ", "))
		case diff.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME:
			d.T.Errorf("update of %s: Diff finds no change in %s (%v)", lc.Name, keys(lc.Update), diff.GetChanges())
		default:
			d.notReported(lc.Name, "update", diff, lc.Update)
			if err := d.Update(l, inputs); err != nil {
				d.T.Fatalf("Update %s: %v", lc.Name, err)
			}
			d.T.Logf("update in place (%s): ID %s", keys(lc.Update), l.ID)
			after(Updated, l)
			d.steady(lc, l, inputs, "update")
		}
	}

	if lc.Replace != nil {
		inputs = With(inputs, lc.Replace)
		diff := d.Diff(l, inputs)
		if len(diff.GetReplaces()) == 0 {
			d.T.Errorf("replacement of %s: Diff replaces nothing for the changes of %s (changes %v, diffs %v)", lc.Name, keys(lc.Replace), diff.GetChanges(), diff.GetDiffs())
		} else {
			d.notReported(lc.Name, "replacement", diff, lc.Replace)
			old := l
			order := "create before delete"
			if diff.GetDeleteBeforeReplace() {
				order = "delete before create"
				d.mustDelete(old)
			}
			l = d.MustCreate(lc.Type, lc.Name, inputs)
			if !diff.GetDeleteBeforeReplace() {
				d.mustDelete(old)
			}
			d.T.Logf("replace (%s): ID %s → ID %s, %s", strings.Join(diff.GetReplaces(), ", "), old.ID, l.ID, order)
			after(Replaced, l)
			d.steady(lc, l, inputs, "replacement")
		}
	}

	imported, err := d.Import(lc.Type, lc.Name, l.ID)
	switch {
	case err != nil:
		d.T.Errorf("import of %s: Read by ID %s: %v", lc.Name, l.ID, err)
	case imported == nil:
		d.T.Errorf("import of %s: Read by ID %s finds nothing", lc.Name, l.ID)
	default:
		d.compare("import", imported.Outputs, l.Outputs, "outputs", lc.Ignore)
		if diff := d.Diff(imported, inputs); diff.GetChanges() == pulumirpc.DiffResponse_DIFF_SOME && !within(diff, lc.Ignore) {
			d.T.Errorf("import of %s: the program's inputs differ from what Read by ID gives (%s): `pulumi import` would change the resource", lc.Name, describe(diff))
		}
		d.T.Logf("import: ID %s", imported.ID)
		after(Imported, imported)
	}

	d.mustDelete(l)
	d.T.Logf("delete: ID %s", l.ID)
	after(Deleted, l)
	gone := *l
	if d.Refresh(&gone) {
		d.T.Errorf("delete of %s: Read still finds ID %s", lc.Name, l.ID)
	}
}

// steady checks the resource after a step: a refresh reads back what the engine holds, and a Diff of
// the same inputs finds nothing to do.
func (d *Driver) steady(lc LifeCycle, l *Live, inputs map[string]any, step string) {
	d.T.Helper()
	read := *l
	if !d.Refresh(&read) {
		d.T.Fatalf("Read after %s: %s (ID %s) is not found", step, lc.Name, l.ID)
	}
	d.compare("Read after "+step, read.Outputs, l.Outputs, "outputs", lc.Ignore)
	d.compare("Read after "+step, read.Inputs, l.Inputs, "inputs", lc.Ignore)
	if diff := d.Diff(l, inputs); diff.GetChanges() == pulumirpc.DiffResponse_DIFF_SOME {
		d.T.Errorf("Diff after %s: the same inputs make a change (%s): a preview of the unchanged program would not be empty", step, describe(diff))
	}
}

// compare fails the test with the differences of got from want, which are properties of what.
func (d *Driver) compare(step string, got, want *structpb.Struct, what string, ignore []string) {
	d.T.Helper()
	if lines := Differences(d.unwire(got), d.unwire(want), ignore...); len(lines) > 0 {
		d.T.Errorf("%s: the %s differ from what the engine holds:\n\t%s", step, what, strings.Join(lines, "\n\t"))
	}
}

// notReported fails the test for the changed inputs that a Diff does not report.
func (d *Driver) notReported(name, step string, diff *pulumirpc.DiffResponse, change map[string]any) {
	d.T.Helper()
	for _, k := range slices.Sorted(maps.Keys(change)) {
		if !slices.Contains(diff.GetDiffs(), k) && diff.GetDetailedDiff()[k] == nil {
			d.T.Errorf("%s of %s: Diff does not report the change of %s", step, name, k)
		}
	}
}

func (d *Driver) mustDelete(l *Live) {
	d.T.Helper()
	if err := d.Delete(l); err != nil {
		d.T.Fatalf("Delete %s (ID %s): %v", l.URN.Name(), l.ID, err)
	}
}

// within reports whether every change a Diff found is of a property of ignore.
func within(diff *pulumirpc.DiffResponse, ignore []string) bool {
	for _, k := range diff.GetDiffs() {
		if !slices.Contains(ignore, k) {
			return false
		}
	}
	for k := range diff.GetDetailedDiff() {
		if !slices.Contains(ignore, strings.SplitN(k, ".", 2)[0]) {
			return false
		}
	}
	return true
}

// describe says what a Diff found.
func describe(diff *pulumirpc.DiffResponse) string {
	changed := slices.Clone(diff.GetDiffs())
	for k := range diff.GetDetailedDiff() {
		if !slices.Contains(changed, k) {
			changed = append(changed, k)
		}
	}
	slices.Sort(changed)
	s := "changes " + strings.Join(changed, ", ")
	if len(diff.GetReplaces()) > 0 {
		s += fmt.Sprintf("; replaces for %s", strings.Join(diff.GetReplaces(), ", "))
	}
	return s
}

// keys lists a change's properties.
func keys(change map[string]any) string {
	return strings.Join(slices.Sorted(maps.Keys(change)), ", ")
}
