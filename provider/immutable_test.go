package provider

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// immutableWidgetSpec is widgetSpec with size and password immutable: a plain number, and an `in`
// string whose values the program may make secret; its zone is updated in place, so that it has an
// Update.
func immutableWidgetSpec() Spec[widget] {
	spec := widgetSpec
	spec.Properties = slices.Clone(widgetSpec.Properties)
	for i, p := range spec.Properties {
		switch p.Key {
		case "size", "password":
			spec.Properties[i].Immutable = true
		case "zone":
			spec.Properties[i].Replaces = false
		}
	}
	return spec
}

func TestImmutableUpdate(t *testing.T) {
	const urn = "urn:pulumi:dev::p::test:index:Widget::it's"
	olds := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "serial": pv("S")}
	oldInputs := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "password": pv("pw")}
	update := func(news resource.PropertyMap, preview bool, ignore ...string) (*widgetOps, error) {
		t.Helper()
		ops := &widgetOps{}
		r := NewResource(immutableWidgetSpec(), ops, Hooks[widget]{})
		_, err := r.Update(context.Background(), &pulumirpc.UpdateRequest{Id: "w-1", Urn: urn, Olds: toWire(t, olds),
			News: toWire(t, news), OldInputs: toWire(t, oldInputs), Preview: preview, IgnoreChanges: ignore})
		return ops, err
	}
	news := func(size, password resource.PropertyValue) resource.PropertyMap {
		m := resource.PropertyMap{"name": pv("w1"), "size": size, "zone": pv("b")}
		if !password.IsNull() {
			m["password"] = password
		}
		return m
	}
	refused := func(t *testing.T, ops *widgetOps, err error, want ...string) {
		t.Helper()
		if status.Code(err) != codes.FailedPrecondition {
			t.Fatalf("Update = %v, want FailedPrecondition", err)
		}
		msg := status.Convert(err).Message()
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("message %q\nlacks %q", msg, w)
			}
		}
		if ops.updatedNew != nil {
			t.Error("the ops' Update ran")
		}
	}
	quotedURN := `'urn:pulumi:dev::p::test:index:Widget::it'\''s'`

	for _, preview := range []bool{true, false} {
		ops, err := update(news(pv(4.0), pv("pw")), preview)
		refused(t, ops, err, `Widget "it's": size is immutable, and this update would change it from 3 to 4.`,
			"Set it back to 3 to keep the resource, or replace the resource deliberately: pulumi up --replace "+quotedURN)
	}
	// Both: the secret's values are never shown, whether the program or the spec made it secret.
	ops, err := update(news(pv(4.0), resource.MakeSecret(pv("pw2"))), true)
	refused(t, ops, err, "size and password are immutable, and this update would change them: size from 3 to 4; password from [secret] to [secret]. ",
		"Set them back to keep the resource")
	if strings.Contains(err.Error(), "pw") {
		t.Errorf("the message shows the secret: %v", err)
	}
	// Removed, and added: unset is a value too.
	ops, err = update(news(pv(3.0), resource.NewNullProperty()), false)
	refused(t, ops, err, `password is immutable, and this update would change it from "pw" to unset.`, `Set it back to "pw"`)
	saved := oldInputs
	oldInputs = resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a")}
	ops, err = update(news(pv(3.0), pv("pw")), false)
	refused(t, ops, err, `from unset to "pw".`, "Leave it unset to keep the resource")
	oldInputs = saved

	// What is no change: the same values, one of them now secret; an ignored change; a new value not
	// known during a preview, which the real update judges.
	for _, c := range []struct {
		what   string
		news   resource.PropertyMap
		ignore []string
	}{
		{"a value made secret", news(resource.MakeSecret(pv(3.0)), pv("pw")), nil},
		{"an ignored change", news(pv(4.0), pv("pw")), []string{"size"}},
		{"a value not known yet", news(resource.MakeComputed(pv("")), pv("pw")), nil},
	} {
		if _, err := update(c.news, true, c.ignore...); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
	}
	if ops, err := update(news(pv(3.0), pv("pw")), false); err != nil || ops.updatedNew == nil || ops.updatedNew.Zone != "b" {
		t.Errorf("an update of other properties: %v, the ops saw %+v", err, ops.updatedNew)
	}
	// An engine too old to send the old inputs sends the outputs, which never hold the in password.
	r := NewResource(immutableWidgetSpec(), &widgetOps{}, Hooks[widget]{})
	if _, err := r.Update(context.Background(), &pulumirpc.UpdateRequest{Id: "w-1", Urn: urn, Olds: toWire(t, olds),
		News: toWire(t, news(pv(3.0), pv("pw")))}); err != nil {
		t.Errorf("an update without old inputs: %v", err)
	}
}

// Diff does not judge immutable properties: it reports their change as an update (or as part of a
// replacement), so that refresh, which diffs the cloud's values against the recorded ones, records a
// changed value instead of failing, and a replacement that something else causes still happens.
func TestImmutableDiff(t *testing.T) {
	olds := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "serial": pv("S")}
	oldInputs := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "password": pv("pw")}
	r := NewResource(immutableWidgetSpec(), &widgetOps{}, Hooks[widget]{})
	for _, c := range []struct {
		name, want string
		replaces   []string
	}{
		{"w1", "DIFF_SOME size=UPDATE", nil},
		{"w2", "DIFF_SOME name=UPDATE_REPLACE size=UPDATE", []string{"name"}},
	} {
		news := resource.PropertyMap{"name": pv(c.name), "size": pv(4.0), "zone": pv("a"), "password": pv("pw")}
		resp, err := r.Diff(context.Background(), &pulumirpc.DiffRequest{Id: "w-1", Urn: widgetURN,
			Olds: toWire(t, olds), News: toWire(t, news), OldInputs: toWire(t, oldInputs)})
		if err != nil {
			t.Fatal(err)
		}
		got := []string{resp.Changes.String()}
		for _, k := range resp.Diffs {
			got = append(got, k+"="+resp.DetailedDiff[k].Kind.String())
		}
		if strings.Join(got, " ") != c.want || !slices.Equal(resp.Replaces, c.replaces) {
			t.Errorf("Diff with name %s = %v, replaces %v; want %s, replaces %v", c.name, got, resp.Replaces, c.want, c.replaces)
		}
	}
}

func TestShowValue(t *testing.T) {
	long := strings.Repeat("x", 100)
	ref := resource.MakeCustomResourceReference("urn:pulumi:dev::p::test:index:Widget::w1", "w-1", "")
	for _, c := range []struct {
		v    resource.PropertyValue
		want string
	}{
		{pv("UTF8"), `"UTF8"`},
		{pv("say \"hi\"\n"), `"say \"hi\"\n"`},
		{pv(1e21), "1e+21"},
		{pv(true), "true"},
		{resource.NewPropertyValue([]any{"a", 2.0, map[string]any{"b": nil, "a": false}}), `["a",2,{"a":false,"b":null}]`},
		{resource.NewPropertyValue(map[string]any{"k": []any{"v", resource.MakeSecret(pv("s"))}}), "[secret]"},
		{pv(long), `"` + strings.Repeat("x", 78) + "…"},
		{ref, `Widget "w1" (ID "w-1")`},
	} {
		if got := showValue(c.v, true, false); got != c.want {
			t.Errorf("showValue(%v) = %s, want %s", c.v, got, c.want)
		}
	}
	if got := showValue(pv("x"), false, false); got != "unset" {
		t.Errorf("an absent value shows as %s", got)
	}
	if got := showValue(pv("x"), true, true); got != "[secret]" {
		t.Errorf("a secret property's value shows as %s", got)
	}
}
