package postgresql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

type grantOps struct{ s *Server }

// kind is what the provider knows of an object type: its privileges, and how to find its objects and
// their access control lists in the catalogs.
type kind struct {
	privileges []Privilege
	// one is the keyword of GRANT … ON <one> x, y; all that of GRANT … ON <all> "schema".
	one, all string
	// query lists the objects of the type in a schema (or the database or schema itself, by name $1),
	// each as its name, its name with argument types (functions), how SQL names it (quoted and
	// qualified by the server: regclass, regprocedure), and the privileges that role $2 has on it and
	// those it may grant.
	query string
}

// privilegesOn are the columns of a kind's query that read an access control list (NULL: the
// defaults, which acldefault says) for role $2.
func privilegesOn(acl, aclKind, owner string) string {
	entries := fmt.Sprintf(`aclexplode(COALESCE(%s, acldefault('%s', %s)))`, acl, aclKind, owner)
	return fmt.Sprintf(`ARRAY(SELECT a.privilege_type FROM %[1]s a WHERE a.grantee = $2 ORDER BY 1),
		ARRAY(SELECT a.privilege_type FROM %[1]s a WHERE a.grantee = $2 AND a.is_grantable ORDER BY 1)`, entries)
}

var kinds = map[ObjectType]kind{
	ObjectTypeDatabase: {privileges: []Privilege{PrivilegeConnect, PrivilegeCreate, PrivilegeTemporary}, one: "DATABASE",
		query: `SELECT datname, datname, quote_ident(datname), ` + privilegesOn("datacl", "d", "datdba") + `
			FROM pg_database WHERE datname = $1`},
	ObjectTypeSchema: {privileges: []Privilege{PrivilegeUsage, PrivilegeCreate}, one: "SCHEMA",
		query: `SELECT nspname, nspname, quote_ident(nspname), ` + privilegesOn("nspacl", "n", "nspowner") + `
			FROM pg_namespace WHERE nspname = $1`},
	ObjectTypeTable: {privileges: []Privilege{PrivilegeSelect, PrivilegeInsert, PrivilegeUpdate, PrivilegeDelete,
		PrivilegeTruncate, PrivilegeReferences, PrivilegeTrigger}, one: "TABLE", all: "ALL TABLES IN SCHEMA",
		query: relations("'r', 'v', 'm', 'f', 'p'", "r")},
	ObjectTypeSequence: {privileges: []Privilege{PrivilegeUsage, PrivilegeSelect, PrivilegeUpdate}, one: "SEQUENCE",
		all: "ALL SEQUENCES IN SCHEMA", query: relations("'S'", "s")},
	// Routines are functions, procedures and aggregates alike.
	ObjectTypeFunction: {privileges: []Privilege{PrivilegeExecute}, one: "ROUTINE", all: "ALL ROUTINES IN SCHEMA",
		query: `SELECT p.proname, p.proname || '(' || oidvectortypes(p.proargtypes) || ')', p.oid::regprocedure::text, ` +
			privilegesOn("p.proacl", "f", "p.proowner") + `
			FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 ORDER BY 2`},
}

// relations is the query of the relations of the kinds relkinds (tables, views …).
func relations(relkinds, aclKind string) string {
	return `SELECT c.relname, c.relname, c.oid::regclass::text, ` + privilegesOn("c.relacl", aclKind, "c.relowner") + `
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind IN (` + relkinds + `) ORDER BY 1`
}

// object is an object a grant is on, as the catalogs say.
type object struct {
	name, signature, sql  string
	privileges, grantable []Privilege
}

// matches says whether the grant's objects name o: a function by its name alone names each of its
// overloads.
func (o *object) matches(name string) bool {
	return name == o.name || name == o.signature
}

func (grantOps) Check(_ context.Context, _ resource.URN, g *grant) ([]provider.CheckFailure, error) {
	failures := checkName("database", g.Database)
	if g.Role != "public" {
		failures = append(failures, checkName("role", g.Role)...)
	}
	switch {
	case g.ObjectType == ObjectTypeDatabase && g.Schema != nil:
		failures = append(failures, provider.Failf("schema", "a database grant has no schema: leave it out"))
	case g.ObjectType != ObjectTypeDatabase && g.Schema == nil:
		failures = append(failures, provider.Failf("schema", "a %s grant needs the schema it is on", g.ObjectType))
	default:
		failures = append(failures, checkOptionalName("schema", g.Schema)...)
	}
	if (g.ObjectType == ObjectTypeDatabase || g.ObjectType == ObjectTypeSchema) && g.Objects != nil {
		failures = append(failures, provider.Failf("objects", "a %s grant is on the %s itself: leave objects out", g.ObjectType, g.ObjectType))
	}
	for i, name := range deref(g.Objects) {
		name, _, _ = strings.Cut(name, "(")
		failures = append(failures, checkName(fmt.Sprintf("objects[%d]", i), name)...)
	}
	return append(failures, checkPrivileges(string(g.ObjectType), kinds[g.ObjectType].privileges, g.Privileges)...), nil
}

// checkPrivileges reports the privileges that an object type does not have (all are those it has).
func checkPrivileges(objectType string, all, privileges []Privilege) []provider.CheckFailure {
	var failures []provider.CheckFailure
	for i, p := range privileges {
		if p != PrivilegeAll && !slices.Contains(all, p) {
			failures = append(failures, provider.Failf(fmt.Sprintf("privileges[%d]", i), "%s is not a privilege on a %s; those are %s, or ALL",
				p, objectType, privilegeList(all)))
		}
	}
	return failures
}

func (o grantOps) Create(ctx context.Context, _ resource.URN, g *grant) (resource.ID, error) {
	return g.id(), o.apply(ctx, g)
}

// Update revokes what the grant no longer gives, and what the catalogs show it gives beyond its
// privileges (granted outside Pulumi), then grants the rest.
func (o grantOps) Update(ctx context.Context, _ resource.ID, _, news *grant) error {
	return o.apply(ctx, news)
}

func (o grantOps) Delete(ctx context.Context, _ resource.ID, g *grant) error {
	err := o.in(ctx, g, func(tx pgx.Tx, objects []object) error {
		if privileges := g.expanded(); len(privileges) > 0 {
			return g.exec(ctx, tx, "REVOKE", privileges, objects)
		}
		return nil
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

// Diff deletes a grant before its replacement is made when both are of one role on one kind of
// object in one schema (a new grant option, or other tables): the replacement's privileges may be the
// old grant's, and the old grant's delete would revoke them after the replacement granted them.
func (grantOps) Diff(_ context.Context, _ resource.ID, olds, news *grant, diff *provider.Diff) error {
	diff.DeleteBeforeReplace = olds.Role == news.Role && olds.Database == news.Database &&
		equal(olds.Schema, news.Schema) && olds.ObjectType == news.ObjectType
	return nil
}

func (o grantOps) Read(ctx context.Context, id resource.ID, g *grant) error {
	names, err := splitID(id, "object type/role/database[/schema[/objects…]]", 3, -1)
	if err != nil {
		return err
	}
	g.ObjectType, g.Role, g.Database = ObjectType(names[0]), names[1], names[2]
	if _, ok := kinds[g.ObjectType]; !ok {
		return fmt.Errorf("the ID %q does not start with an object type: %s", id, strings.Join(enumStrings(g.ObjectType.Values()), ", "))
	}
	g.Schema, g.Objects = nil, nil
	if len(names) > 3 {
		g.Schema = &names[3]
	}
	if len(names) > 4 {
		objects := names[4:]
		g.Objects = &objects
	}
	err = o.in(ctx, g, func(_ pgx.Tx, objects []object) error {
		for _, name := range deref(g.Objects) {
			if !slices.ContainsFunc(objects, func(o object) bool { return o.matches(name) }) {
				objects = append(objects, object{name: name}) // dropped: it has no privileges
			}
		}
		if !g.readPrivileges(objects) {
			return errNoGrantee
		}
		return nil
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

// apply makes the grant's privileges exactly those it lists.
func (o grantOps) apply(ctx context.Context, g *grant) error {
	err := o.in(ctx, g, func(tx pgx.Tx, objects []object) error {
		for i, name := range deref(g.Objects) {
			if !slices.ContainsFunc(objects, func(o object) bool { return o.matches(name) }) {
				return fmt.Errorf("objects[%d]: schema %q of database %q has no %s %q", i, orEmpty(g.Schema), g.Database, g.ObjectType, name)
			}
		}
		want := g.expanded()
		var extra []Privilege
		for _, obj := range objects {
			for _, p := range obj.privileges {
				if !slices.Contains(want, p) && !slices.Contains(extra, p) {
					extra = append(extra, p)
				}
			}
		}
		if len(extra) > 0 {
			if err := g.exec(ctx, tx, "REVOKE", extra, objects); err != nil {
				return err
			}
		}
		if len(want) > 0 {
			return g.exec(ctx, tx, "GRANT", want, objects)
		}
		return nil
	})
	switch {
	case errors.Is(err, errNoGrantee):
		return fmt.Errorf("role: there is no role %q to grant privileges to", g.Role)
	case errors.Is(err, errNoObject):
		return fmt.Errorf("%s", g.missing())
	}
	return err
}

var (
	errNoGrantee = errors.New("no such role")
	errNoObject  = errors.New("no such database or schema")
)

// in runs fn in a transaction in the grant's database (the provider's own for a database grant), with
// the objects the grant is on locked against other changes of their privileges, and read. A role,
// database or schema that does not exist is errNoGrantee or errNoObject.
func (o grantOps) in(ctx context.Context, g *grant, fn func(pgx.Tx, []object) error) error {
	db, key := o.s.conn.Database, "database:"+g.Database
	if g.ObjectType != ObjectTypeDatabase {
		db, key = g.Database, "schema:"+string(joinID(g.Database, orEmpty(g.Schema)))
	}
	err := o.s.inDatabase(ctx, db, g.String(), func(tx pgx.Tx) error {
		if err := lock(ctx, tx, key); err != nil {
			return err
		}
		objects, err := g.objects(ctx, tx)
		if err != nil {
			return err
		}
		return fn(tx, objects)
	})
	if errors.Is(err, errNoDatabase) {
		return errNoObject
	}
	if code(err) != "" {
		return failed(err, "%s", g)
	}
	return err
}

// objects reads the objects the grant is on, with role's privileges on them.
func (g *grant) objects(ctx context.Context, tx pgx.Tx) ([]object, error) {
	grantee := uint32(0) // PUBLIC
	if g.Role != "public" {
		err := tx.QueryRow(ctx, "SELECT oid FROM pg_roles WHERE rolname = $1", g.Role).Scan(&grantee)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errNoGrantee
		} else if err != nil {
			return nil, err
		}
	}
	on := g.Database
	if g.ObjectType != ObjectTypeDatabase {
		on = orEmpty(g.Schema)
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_namespace WHERE nspname = $1)", on).Scan(&exists); err != nil {
			return nil, err
		} else if !exists {
			return nil, errNoObject
		}
	}
	rows, err := tx.Query(ctx, kinds[g.ObjectType].query, on, grantee)
	if err != nil {
		return nil, err
	}
	all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (object, error) {
		var o object
		err := row.Scan(&o.name, &o.signature, &o.sql, &o.privileges, &o.grantable)
		return o, err
	})
	if err != nil {
		return nil, err
	}
	if g.Objects == nil {
		if len(all) == 0 && kinds[g.ObjectType].all == "" {
			return nil, errNoObject
		}
		return all, nil
	}
	return slices.DeleteFunc(all, func(o object) bool {
		return !slices.ContainsFunc(*g.Objects, o.matches)
	}), nil
}

// exec runs GRANT or REVOKE of privileges on the grant's objects: every one of the schema's when it
// lists none, else those (as the catalogs name them, so that no name from the program is in the SQL
// unquoted).
func (g *grant) exec(ctx context.Context, tx pgx.Tx, verb string, privileges []Privilege, objects []object) error {
	k := kinds[g.ObjectType]
	var on string
	switch {
	case g.ObjectType == ObjectTypeDatabase:
		on = k.one + " " + ident(g.Database)
	case g.ObjectType == ObjectTypeSchema:
		on = k.one + " " + ident(orEmpty(g.Schema))
	case g.Objects == nil:
		on = k.all + " " + ident(orEmpty(g.Schema))
	default:
		if len(objects) == 0 {
			return nil
		}
		names := make([]string, len(objects))
		for i, o := range objects {
			names[i] = o.sql
		}
		on = k.one + " " + strings.Join(names, ", ")
	}
	to, grantee := " TO ", "PUBLIC"
	if verb == "REVOKE" {
		to = " FROM "
	}
	if g.Role != "public" {
		grantee = ident(g.Role)
	}
	sql := verb + " " + privilegeList(privileges) + " ON " + on + to + grantee
	if verb == "GRANT" && g.WithGrantOption {
		sql += " WITH GRANT OPTION"
	}
	_, err := tx.Exec(ctx, sql)
	return err
}

// readPrivileges sets the grant's privileges to those that every one of its objects has (as the
// state wrote them, when they are the same), and whether it may grant them all. With no objects (a
// schema without tables), nothing contradicts the state. It reports whether the grant is there: a
// grant whose role holds none of its privileges any more is gone (deleted, or revoked by hand), but
// for one that grants nothing (a grant to public of no privileges, which revokes the default ones).
func (g *grant) readPrivileges(objects []object) bool {
	if len(objects) == 0 {
		return true
	}
	k := kinds[g.ObjectType]
	var have, grantable []Privilege
	for _, p := range k.privileges {
		if !slices.ContainsFunc(objects, func(o object) bool { return !slices.Contains(o.privileges, p) }) {
			have = append(have, p)
			if !slices.ContainsFunc(objects, func(o object) bool { return !slices.Contains(o.grantable, p) }) {
				grantable = append(grantable, p)
			}
		}
	}
	return settlePrivileges(k.privileges, have, grantable, &g.Privileges, &g.WithGrantOption)
}

// settlePrivileges sets privileges and withGrantOption (a state's) to the privileges of an object
// type (all) that a role has (have, in all's order) and may grant, keeping the state's spelling where
// it means the same (another order, or ALL). It reports whether what holds them is there: a grant
// whose role has none of its privileges any more is gone (deleted, or revoked by hand), but for one
// that grants nothing (of public, which revokes the defaults).
func settlePrivileges(all, have, grantable []Privilege, privileges *[]Privilege, withGrantOption *bool) bool {
	if len(have) == 0 {
		// On import, the state holds no privileges (nil): a grant that is there holds some.
		return *privileges != nil && len(*privileges) == 0
	}
	*withGrantOption = len(grantable) == len(have)
	if !slices.Equal(expand(all, *privileges), have) {
		*privileges = have
	}
	return true
}

// expanded is the grant's privileges, with ALL spelled out, in the order of the object type's.
func (g *grant) expanded() []Privilege {
	return expand(kinds[g.ObjectType].privileges, g.Privileges)
}

// expand is privileges of an object type (all), with ALL spelled out, in all's order.
func expand(all, privileges []Privilege) []Privilege {
	if slices.Contains(privileges, PrivilegeAll) {
		return all
	}
	var out []Privilege
	for _, p := range all {
		if slices.Contains(privileges, p) {
			out = append(out, p)
		}
	}
	return out
}

// id is the grant's ID: object type, role, database, schema and objects.
func (g *grant) id() resource.ID {
	names := []string{string(g.ObjectType), g.Role, g.Database}
	if g.Schema != nil {
		names = append(names, *g.Schema)
	}
	return joinID(append(names, deref(g.Objects)...)...)
}

// String says what the grant is on, for messages.
func (g *grant) String() string {
	switch g.ObjectType {
	case ObjectTypeDatabase:
		return fmt.Sprintf("the grant to %q on database %q", g.Role, g.Database)
	case ObjectTypeSchema:
		return fmt.Sprintf("the grant to %q on schema %q of database %q", g.Role, orEmpty(g.Schema), g.Database)
	}
	return fmt.Sprintf("the grant to %q on %ss of schema %q of database %q", g.Role, g.ObjectType, orEmpty(g.Schema), g.Database)
}

// missing says which of the database and schema of the grant is not there.
func (g *grant) missing() string {
	if g.ObjectType == ObjectTypeDatabase {
		return fmt.Sprintf("database: there is no database %q", g.Database)
	}
	return fmt.Sprintf("schema: there is no database %q (that takes connections) with a schema %q", g.Database, orEmpty(g.Schema))
}

// privilegeList is privileges as GRANT and REVOKE list them.
func privilegeList(privileges []Privilege) string {
	return strings.Join(enumStrings(privileges), ", ")
}

// enumStrings is the values of an enum as strings.
func enumStrings[E ~string](values []E) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}
