// Package cloud is Acme Cloud, pretend: the example provider's ops keep every resource they create as a
// JSON file, <dir>/<kind>/<id>.json, so that tests (and people) can see what a deployment did. The
// directory comes from $ACME_STATE_DIR, so that a test driving the real Pulumi engine can point the
// plugin at a directory of its own.
package cloud

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	"github.com/cidlc/cidlc/provider"
)

// StateDirEnv names the environment variable that holds the state directory.
const StateDirEnv = "ACME_STATE_DIR"

// Account is the Acme Cloud account that every resource belongs to.
const Account = "123456789012"

// Cloud is a state directory.
type Cloud struct {
	dir string
	mu  sync.Mutex // one write at a time, so that a read never sees half a file
}

// Open returns the cloud kept in dir, creating dir if needed.
func Open(dir string) (*Cloud, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	return &Cloud{dir: dir}, nil
}

// FromEnv opens the cloud in $ACME_STATE_DIR, or in acme-cloud under the temporary directory: the
// engine starts a new plugin process for every command, so the state must outlive the process.
func FromEnv() (*Cloud, error) {
	dir := os.Getenv(StateDirEnv)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "acme-cloud")
	}
	return Open(dir)
}

// Dir returns the state directory.
func (c *Cloud) Dir() string { return c.dir }

// ARN returns the Acme Resource Name of a resource of service in region ("" for global services).
func ARN(service, region, path string) string {
	return fmt.Sprintf("arn:acme:%s:%s:%s:%s", service, region, Account, path)
}

// NewID returns a fresh resource ID: prefix-<16 hex digits>.
func NewID(prefix string) resource.ID {
	return resource.ID(prefix + "-" + RandomHex(8))
}

// RandomHex returns n random bytes in hex.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails, says crypto/rand
	return hex.EncodeToString(b)
}

func (c *Cloud) file(kind string, id resource.ID) string {
	return filepath.Join(c.dir, filepath.FromSlash(kind), string(id)+".json")
}

// Put stores the record of resource id of kind (a slash path, such as "network/VPC").
func (c *Cloud) Put(kind string, id resource.ID, record any) error {
	data, err := json.MarshalIndent(record, "", "  ")
	if err != nil {
		return err
	}
	name := c.file(kind, id)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o666); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// Get reads the record of resource id of kind into record; provider.ErrNotFound if there is none.
func (c *Cloud) Get(kind string, id resource.ID, record any) error {
	c.mu.Lock()
	data, err := os.ReadFile(c.file(kind, id))
	c.mu.Unlock()
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s %s: %w", kind, id, provider.ErrNotFound)
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(data, record)
}

// Delete removes the record of resource id of kind; provider.ErrNotFound if there is none.
func (c *Cloud) Delete(kind string, id resource.ID) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	err := os.Remove(c.file(kind, id))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s %s: %w", kind, id, provider.ErrNotFound)
	}
	return err
}

// List returns the IDs of the resources of kind.
func (c *Cloud) List(kind string) ([]resource.ID, error) {
	names, err := filepath.Glob(filepath.Join(c.dir, filepath.FromSlash(kind), "*.json"))
	var ids []resource.ID
	for _, n := range names {
		ids = append(ids, resource.ID(strings.TrimSuffix(filepath.Base(n), ".json")))
	}
	return ids, err
}

// Kind is where the cloud keeps resources of type t: the directory of its module and its name
// ("acme:iam/user:Group" → "iam/Group").
func Kind(t tokens.Type) string {
	return path.Join(path.Dir(t.Module().Name().String()), t.Name().String())
}

// Table is the records of one type of resource whose record is its marshaling struct T. It implements
// the Read, Update and Delete of TProviderOps, so that ops embedding it write Create and what else
// they need.
type Table[T any] struct {
	Cloud *Cloud
	Kind  string
}

// NewTable returns the table of resources of type t.
func NewTable[T any](c *Cloud, t tokens.Type) Table[T] {
	return Table[T]{Cloud: c, Kind: Kind(t)}
}

// Read replaces obj with the stored record.
func (t Table[T]) Read(_ context.Context, id resource.ID, obj *T) error {
	var stored T
	if err := t.Cloud.Get(t.Kind, id, &stored); err != nil {
		return err
	}
	*obj = stored
	return nil
}

// Update stores news.
func (t Table[T]) Update(_ context.Context, id resource.ID, _, news *T) error {
	return t.Cloud.Put(t.Kind, id, news)
}

// Delete removes the record.
func (t Table[T]) Delete(_ context.Context, id resource.ID, _ *T) error {
	return t.Cloud.Delete(t.Kind, id)
}

// Get reads the record of another resource of this kind, such as the one a capability refers to.
func (t Table[T]) Get(id resource.ID) (*T, error) {
	obj := new(T)
	return obj, t.Cloud.Get(t.Kind, id, obj)
}

// Put stores obj as the record of id.
func (t Table[T]) Put(id resource.ID, obj *T) error {
	return t.Cloud.Put(t.Kind, id, obj)
}
