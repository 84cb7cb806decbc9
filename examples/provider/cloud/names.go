package cloud

import (
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// Names: Acme Cloud, as real clouds do, keeps the name of an object unique among the objects of its
// kind in a scope (the account, a region, a VPC). A second object of a name taken fails to be made,
// which is what makes a named resource's replacement delete the old object first when it keeps the name
// (the runtime asks the engine for it), and two stacks of one program collide unless their names differ
// (the runtime's autonames make them differ).

// Named returns t whose objects have names: scope says in which scope an object's name must be unique
// ("" for the whole account, a region, the ID of a VPC), and name what it is. Put then refuses an
// object whose name another object of its kind has in its scope.
func (t Table[T]) Named(scope func(*T) string, name func(*T) string) Table[T] {
	t.scope, t.name = scope, name
	return t
}

// InAccount is the scope of names that are unique in the whole account, for Named.
func InAccount[T any](*T) string { return "" }

// checkName returns the error of putting obj as object id when another object of the table has its name
// in its scope. The caller holds the cloud's names lock, so that two puts in the process do not both
// find a name free.
func (t Table[T]) checkName(id resource.ID, obj *T) error {
	scope, name := t.scope(obj), t.name(obj)
	ids, err := t.Cloud.List(t.Kind)
	if err != nil {
		return err
	}
	for _, other := range ids {
		if other == id {
			continue
		}
		o, err := t.Get(other)
		if err != nil {
			continue // deleted meanwhile
		}
		if t.scope(o) == scope && t.name(o) == name {
			where := "the account"
			if scope != "" {
				where = scope
			}
			return fmt.Errorf("AlreadyExists: %s %s is named %q in %s; a name is unique there", t.Kind, other, name, where)
		}
	}
	return nil
}
