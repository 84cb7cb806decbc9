package postgresql

import (
	"fmt"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
)

// The IDs of schemas, extensions and grants are names joined by slashes: app/reporting. PostgreSQL
// names may hold any character, so a / in a name is written %2F, and a % %25: every ID reads back as
// the names it was made of (Terraform's app.reporting cannot tell a schema "a.b" of database app from
// a schema b of database "app.a").
var (
	idEscaper   = strings.NewReplacer("%", "%25", "/", "%2F")
	idUnescaper = strings.NewReplacer("%25", "%", "%2F", "/", "%2f", "/")
)

// joinID makes an ID of names.
func joinID(names ...string) resource.ID {
	escaped := make([]string, len(names))
	for i, n := range names {
		escaped[i] = idEscaper.Replace(n)
	}
	return resource.ID(strings.Join(escaped, "/"))
}

// splitID returns the names of an ID of min to max of them (max < 0: no limit); shape says what they
// are, for the error of an ID that is not one (a mistyped import).
func splitID(id resource.ID, shape string, min, max int) ([]string, error) {
	parts := strings.Split(string(id), "/")
	if len(parts) < min || max >= 0 && len(parts) > max {
		return nil, fmt.Errorf("the ID %q is not %s", id, shape)
	}
	for i, p := range parts {
		if p == "" {
			return nil, fmt.Errorf("the ID %q is not %s: name %d is empty", id, shape, i+1)
		}
		parts[i] = idUnescaper.Replace(p)
	}
	return parts, nil
}
