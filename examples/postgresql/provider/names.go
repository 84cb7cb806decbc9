package postgresql

import (
	"strings"

	"github.com/cidlc/cidlc/provider"
)

// maxName is the longest name PostgreSQL keeps, in bytes (NAMEDATALEN-1). It cuts longer ones short
// without an error, and a provider that let it would look for a name that is not there.
const maxName = 63

// checkName reports what makes name unusable as the name of a role, database, schema or other object:
// PostgreSQL takes any other text, since the provider quotes every name.
func checkName(property, name string) []provider.CheckFailure {
	switch {
	case name == "":
		return []provider.CheckFailure{provider.Failf(property, "a name cannot be empty")}
	case len(name) > maxName:
		return []provider.CheckFailure{provider.Failf(property, "%q is %d bytes long; PostgreSQL names have at most %d bytes", name, len(name), maxName)}
	case strings.ContainsRune(name, 0):
		return []provider.CheckFailure{provider.Failf(property, "%q holds a NUL character, which PostgreSQL names cannot", name)}
	}
	return nil
}

// checkOptionalName is checkName of a name that may be absent.
func checkOptionalName(property string, name *string) []provider.CheckFailure {
	if name == nil {
		return nil
	}
	return checkName(property, *name)
}

// reservedRoles are the names the server refuses for a role: public means every role (GRANT … TO
// PUBLIC).
var reservedRoles = []string{"public", "none"}

// checkRoleName is checkName of a role's own name: also not a reserved name, and not starting with
// pg_, which the server keeps for its predefined roles.
func checkRoleName(property, name string) []provider.CheckFailure {
	if f := checkName(property, name); f != nil {
		return f
	}
	for _, r := range reservedRoles {
		if name == r {
			return []provider.CheckFailure{provider.Failf(property, "%q is reserved: no role can be called that", name)}
		}
	}
	if strings.HasPrefix(name, "pg_") {
		return []provider.CheckFailure{provider.Failf(property, "%q starts with pg_, which PostgreSQL keeps for its own roles", name)}
	}
	return nil
}
