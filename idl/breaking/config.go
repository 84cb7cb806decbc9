package breaking

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// compareConfig compares the provider's configuration of the two versions, key by key, as members of
// an owner: programs read its keys (acme.config.region) and give them to explicit providers, which the
// member rules say; stacks keep the values they set, which the config- rules say, since the provider
// checks them on every run (CheckConfig refuses an unknown key, a value of another type, a value its
// contract refuses, and a missing required key).
func (c *comparer) compareConfig() {
	var oldProps, newProps []*model.Property
	if c.old.tree.Config != nil {
		oldProps = c.old.tree.Config.Properties
	}
	if c.new.tree.Config != nil {
		newProps = c.new.tree.Config.Properties
	}
	if oldProps == nil && newProps == nil {
		return
	}
	c.compareMembers(c.configOwner(), oldProps, newProps)
}

// configKeyAdded reports a key of the new configuration that the old one does not have.
func (c *comparer) configKeyAdded(w owner, n member) {
	subject := w.subject + "." + n.Name
	if n.required() {
		c.report(ConfigRequiredAdded, subject, token.Position{}, n.Pos,
			fmt.Sprintf("a new required key: stacks that do not set %s:%s%s can no longer configure the provider, not even to destroy their resources",
				w.pkg, n.Name, orEnv(n.Env)),
			"give it a default, or make it optional")
		return
	}
	c.report(ConfigKeyAdded, subject, token.Position{}, n.Pos, "new key, which stacks need not set", "")
}

// compareConfigKey reports what stacks see of a change of a configuration key beyond programs: a type
// their values may not have, replaces, and the environment variables read.
func (c *comparer) compareConfigKey(w owner, o, n member, d typeDiff) {
	subject, key := w.subject+"."+n.Name, w.pkg+":"+n.Name
	at := func(r *Rule, msg, hint string) { c.report(r, subject, o.Pos, n.Pos, msg, hint) }
	if d == typeChanged {
		at(ConfigTypeChanged, fmt.Sprintf("type changed from %s to %s: stacks whose %s holds a value of the old type can no longer configure the provider, not even to destroy their resources",
			o.Type.Describe(model.AsSource), n.Type.Describe(model.AsSource), key), "add a key of the new type, and deprecate this one")
	}
	switch {
	case !o.Replaces && n.Replaces:
		at(ConfigReplacesAdded, fmt.Sprintf("a change of %s now replaces the provider, and with it every resource it manages, where it updated the provider in place", key),
			"add replaces only where the provider's resources cannot outlive the change (another account, another region)")
	case o.Replaces && !n.Replaces:
		at(ConfigReplacesRemoved, fmt.Sprintf("a change of %s no longer replaces the provider: it updates it in place", key), "")
	}
	for _, v := range o.Env {
		if slices.Contains(n.Env, v) {
			continue
		}
		if n.required() {
			at(ConfigRequiredEnvRemoved, fmt.Sprintf("$%s is no longer read: stacks that give %s through it (CI jobs, often) can no longer configure the provider", v, key),
				"keep reading it: list it in env=")
		} else {
			at(ConfigEnvRemoved, fmt.Sprintf("$%s is no longer read: stacks that give %s through it (CI jobs, often) lose the value without a word", v, key),
				"keep reading it: list it in env=")
		}
	}
	for _, v := range n.Env {
		if !slices.Contains(o.Env, v) {
			at(ConfigEnvAdded, fmt.Sprintf("also read from $%s", v), "")
		}
	}
}

// configDefaultChanged reports a default added, changed or removed on a configuration key: stacks that
// set nothing take the new one, which replaces the provider if the key does.
func (c *comparer) configDefaultChanged(w owner, o, n member) {
	subject, key := w.subject+"."+n.Name, w.pkg+":"+n.Name
	change, _ := defaultChange(o.Default, n.Default)
	if o.Replaces || n.Replaces {
		c.report(ConfigReplacingDefaultChanged, subject, o.Pos, n.Pos,
			fmt.Sprintf("%s: the provider of every stack that does not set %s%s changes, and, since %s replaces the provider, so does every resource it manages", change, key, orEnv(n.Env), key),
			"keep the old default; stacks that want another value can set it")
		return
	}
	c.report(ConfigDefaultChanged, subject, o.Pos, n.Pos,
		fmt.Sprintf("%s: the provider of every stack that does not set %s%s takes the new value, in place", change, key, orEnv(n.Env)),
		"keep the old default; stacks that want another value can set it")
}

// orEnv says which environment variables would also give a key: "" when none.
func orEnv(env []string) string {
	if len(env) == 0 {
		return ""
	}
	return " (or $" + strings.Join(env, ", $") + ")"
}
