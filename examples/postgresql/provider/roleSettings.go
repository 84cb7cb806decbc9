package postgresql

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/provider"
)

type roleSettingsOps struct{ s *Server }

// settingName is what the server takes as a setting's name: a name, or a custom one of an extension
// or an application (myapp.tenant), letters, digits, _ and $ in each part.
var settingName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)*$`)

// listSettings are the settings whose value is a list of names, which the server quotes one by one
// (GUC_LIST_QUOTE): a value is split into them, as the server splits it.
var listSettings = []string{"search_path", "temp_tablespaces", "session_preload_libraries", "local_preload_libraries", "shared_preload_libraries"}

func (roleSettingsOps) Check(_ context.Context, _ resource.URN, rs *roleSettings) ([]provider.CheckFailure, error) {
	failures := slices.Concat(checkName("role", rs.Role), checkOptionalName("database", rs.Database))
	for _, name := range slices.Sorted(maps.Keys(rs.Settings)) {
		at, value := settingPath(name), rs.Settings[name]
		switch {
		case !settingName.MatchString(name):
			failures = append(failures, provider.Failf(at, "%q is not the name of a setting: letters, digits and _, in parts joined by dots (myapp.tenant)", name))
		case strings.ContainsRune(value, 0):
			failures = append(failures, provider.Failf(at, "a setting's value cannot hold a NUL character"))
		case isListSetting(name):
			if _, err := listElements(value); err != nil {
				failures = append(failures, provider.Failf(at, "%v", err))
			}
		}
		if key := settingKey(rs.Settings, name); key != name {
			failures = append(failures, provider.Failf(at, "%s is the setting %s: the server's names are not case sensitive", name, key))
		}
	}
	return failures, nil
}

func (o roleSettingsOps) Create(ctx context.Context, _ resource.URN, rs *roleSettings) (resource.ID, error) {
	err := o.in(ctx, rs, "setting "+rs.String(), func(tx pgx.Tx, current map[string]string) error {
		if len(current) > 0 {
			return fmt.Errorf("role %q has settings%s already (%s): adopt them with `pulumi import %s <name> %s`, and list them",
				rs.Role, rs.where(), strings.Join(slices.Sorted(maps.Keys(current)), ", "), RoleSettings, rs.id())
		}
		return rs.apply(ctx, tx, current)
	})
	if err != nil {
		return "", rs.missing(err)
	}
	return rs.id(), nil
}

func (o roleSettingsOps) Read(ctx context.Context, id resource.ID, rs *roleSettings) error {
	names, err := splitID(id, "role[/database]", 1, 2)
	if err != nil {
		return err
	}
	rs.Role, rs.Database = names[0], nil
	if len(names) == 2 {
		rs.Database = &names[1]
	}
	err = o.in(ctx, rs, "reading "+rs.String(), func(_ pgx.Tx, current map[string]string) error {
		rs.Settings = sameSettings(rs.Settings, current)
		return nil
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

// Update sets the settings to those news lists, resetting what the catalogs have beyond them (set
// outside Pulumi since the last refresh, too).
func (o roleSettingsOps) Update(ctx context.Context, _ resource.ID, _, news *roleSettings) error {
	err := o.in(ctx, news, "changing "+news.String(), func(tx pgx.Tx, current map[string]string) error {
		return news.apply(ctx, tx, current)
	})
	return news.missing(err)
}

func (o roleSettingsOps) Delete(ctx context.Context, _ resource.ID, rs *roleSettings) error {
	err := o.in(ctx, rs, "resetting "+rs.String(), func(tx pgx.Tx, _ map[string]string) error {
		_, err := tx.Exec(ctx, rs.alter()+" RESET ALL")
		return err
	})
	if errors.Is(err, errNoGrantee) || errors.Is(err, errNoObject) {
		return provider.ErrNotFound
	}
	return err
}

// in runs fn in a transaction with the settings of the role (in the database) locked against other
// changes, and read; the server's errors name what was being done. A role or database that does not
// exist is errNoGrantee or errNoObject.
func (o roleSettingsOps) in(ctx context.Context, rs *roleSettings, what string, fn func(pgx.Tx, map[string]string) error) error {
	err := o.s.tx(ctx, what, func(tx pgx.Tx) error {
		if err := lock(ctx, tx, "settings:"+string(rs.id())); err != nil {
			return err
		}
		current, err := rs.read(ctx, tx)
		if err != nil {
			return err
		}
		return fn(tx, current)
	})
	if code(err) != "" {
		return failed(err, "%s", what)
	}
	return err
}

// missing is err, or, when the role or the database is not there, an error that says so.
func (rs *roleSettings) missing(err error) error {
	switch {
	case errors.Is(err, errNoGrantee):
		return fmt.Errorf("role: there is no role %q", rs.Role)
	case errors.Is(err, errNoObject):
		return fmt.Errorf("database: there is no database %q", orEmpty(rs.Database))
	}
	return err
}

// read reads the role's settings (in the database) from the catalogs, by name.
func (rs *roleSettings) read(ctx context.Context, tx pgx.Tx) (map[string]string, error) {
	var role, database *uint32
	err := tx.QueryRow(ctx, `SELECT (SELECT oid FROM pg_roles WHERE rolname = $1),
		CASE WHEN $2::text IS NULL THEN 0 ELSE (SELECT oid FROM pg_database WHERE datname = $2) END`, rs.Role, rs.Database).Scan(&role, &database)
	switch {
	case err != nil:
		return nil, err
	case role == nil:
		return nil, errNoGrantee
	case database == nil:
		return nil, errNoObject
	}
	rows, err := tx.Query(ctx, `SELECT unnest(setconfig) FROM pg_db_role_setting WHERE setrole = $1 AND setdatabase = $2`, *role, *database)
	if err != nil {
		return nil, err
	}
	settings, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	current := map[string]string{}
	for _, s := range settings {
		name, value, _ := strings.Cut(s, "=")
		current[name] = value
	}
	return current, nil
}

// apply sets the settings that are not as rs says, and resets those of current that rs does not
// list, each in a statement of its own, so that an error names its setting.
func (rs *roleSettings) apply(ctx context.Context, tx pgx.Tx, current map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(current)) {
		if settingKey(rs.Settings, name) == "" {
			if _, err := tx.Exec(ctx, rs.alter()+" RESET "+ident(name)); err != nil {
				return settingError(err, name, "resetting")
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(rs.Settings)) {
		value := rs.Settings[name]
		if had, ok := current[settingKey(current, name)]; ok && sameSetting(name, had, value) {
			continue
		}
		values := []any{value}
		if isListSetting(name) {
			elements, err := listElements(value)
			if err != nil {
				return fmt.Errorf("%s: %w", settingPath(name), err)
			}
			values = values[:0]
			for _, e := range elements {
				values = append(values, e)
			}
		}
		placeholders := make([]string, len(values))
		for i := range values {
			placeholders[i] = fmt.Sprintf("$%d", i+1)
		}
		if err := simple(ctx, tx, rs.alter()+" SET "+ident(name)+" = "+strings.Join(placeholders, ", "), values...); err != nil {
			return settingError(err, name, "setting")
		}
	}
	return nil
}

// settingError names the setting that the server refused: an unknown one, a value it does not take,
// one that is the whole server's, or one that only a superuser may set.
func settingError(err error, name, doing string) error {
	why := ""
	switch code(err) {
	case pgerrcode.CantChangeRuntimeParam:
		why = "it is the whole server's, set in postgresql.conf or at its start, not a role's: "
	case pgerrcode.InsufficientPrivilege:
		why = "only a superuser may set it for a role: "
	}
	if why == "" && code(err) == "" {
		return err
	}
	return fmt.Errorf("%s: %s%s %s: %s", settingPath(name), why, doing, name, serverError(err))
}

// alter is the start of the statements that change the settings: ALTER ROLE … [IN DATABASE …].
func (rs *roleSettings) alter() string {
	sql := "ALTER ROLE " + ident(rs.Role)
	if rs.Database != nil {
		sql += " IN DATABASE " + ident(*rs.Database)
	}
	return sql
}

// id is the settings' ID: the role, and the database.
func (rs *roleSettings) id() resource.ID {
	if rs.Database == nil {
		return joinID(rs.Role)
	}
	return joinID(rs.Role, *rs.Database)
}

// where says where the settings apply, for messages: "" or " in database …".
func (rs *roleSettings) where() string {
	if rs.Database == nil {
		return ""
	}
	return fmt.Sprintf(" in database %q", *rs.Database)
}

// String says whose settings they are, for messages.
func (rs *roleSettings) String() string {
	return fmt.Sprintf("the settings of role %q%s", rs.Role, rs.where())
}

// sameSettings is what the catalogs say the settings are (read), written as the state had them where
// they are the same: a name in another case (the server writes DateStyle for datestyle), a list
// spelled otherwise ("$user",public for "$user", public).
func sameSettings(state, read map[string]string) map[string]string {
	out := make(map[string]string, len(read))
	for name, value := range read {
		if key := settingKey(state, name); key != "" && sameSetting(name, state[key], value) {
			out[key] = state[key]
		} else {
			out[name] = value
		}
	}
	return out
}

// settingKey is the key of settings that names the setting name (the server's names are not case
// sensitive; of two, the first in order), or "".
func settingKey(settings map[string]string, name string) string {
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		if strings.EqualFold(k, name) {
			return k
		}
	}
	return ""
}

// sameSetting says whether two values of setting name are one: the same text, or the same list.
func sameSetting(name, a, b string) bool {
	if a == b {
		return true
	}
	if !isListSetting(name) {
		return false
	}
	la, errA := listElements(a)
	lb, errB := listElements(b)
	return errA == nil && errB == nil && slices.Equal(la, lb)
}

func isListSetting(name string) bool {
	return slices.Contains(listSettings, strings.ToLower(name))
}

// settingPath is the property path of a setting, for failures: settings.search_path.
func settingPath(name string) string {
	return resource.PropertyPath{"settings", name}.String()
}

// listElements splits the value of a list setting into its names as the server does
// (SplitIdentifierString): separated by commas, each a double-quoted name (with "" for a quote), kept
// as it is, or a bare one, folded to lower case.
func listElements(value string) ([]string, error) {
	var (
		out  []string
		rest = strings.TrimLeft(value, " \t\n\r")
	)
	if rest == "" {
		return []string{""}, nil // the server keeps it as "", an empty name
	}
	for {
		var name string
		if strings.HasPrefix(rest, `"`) {
			var b strings.Builder
			i := 1
			for {
				j := strings.IndexByte(rest[i:], '"')
				if j < 0 {
					return nil, fmt.Errorf("%q has a quote that does not end", value)
				}
				b.WriteString(rest[i : i+j])
				i += j + 1
				if !strings.HasPrefix(rest[i:], `"`) {
					break
				}
				b.WriteByte('"')
				i++
			}
			name, rest = b.String(), rest[i:]
		} else {
			end := strings.IndexAny(rest, ", \t\n\r")
			if end < 0 {
				end = len(rest)
			}
			name, rest = strings.ToLower(rest[:end]), rest[end:]
			if name == "" {
				return nil, fmt.Errorf("%q has an empty name in its list", value)
			}
		}
		out = append(out, name)
		rest = strings.TrimLeft(rest, " \t\n\r")
		if rest == "" {
			return out, nil
		}
		if !strings.HasPrefix(rest, ",") {
			return nil, fmt.Errorf("%q is not a list of names separated by commas (write a name that holds a space in double quotes)", value)
		}
		rest = strings.TrimLeft(rest[1:], " \t\n\r")
	}
}
