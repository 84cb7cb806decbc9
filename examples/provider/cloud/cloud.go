// Package cloud is Acme Cloud, pretend: the example provider's ops keep every resource they create as a
// JSON file, <dir>/<kind>/<id>.json, so that tests (and people) can see what a deployment did. The
// directory comes from $ACME_STATE_DIR, so that a test driving the real Pulumi engine can point the
// plugin at a directory of its own.
//
// A provider instance connects with its configuration (Connect): the cloud checks the API token, as a
// real cloud would, and the connection carries the region of the resources that do not name one. Each
// instance has a connection of its own, so two providers with two regions serve one process side by
// side.
package cloud

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/provider"
)

// StateDirEnv names the environment variable that holds the state directory.
const StateDirEnv = "ACME_STATE_DIR"

// BootTimeEnv names the environment variable that holds how long an instance takes to boot (a Go
// duration; none when it is not set): the pretend cloud is as slow as a test asks, to try timeouts.
const BootTimeEnv = "ACME_BOOT_TIME"

// Account is the Acme Cloud account that every resource belongs to.
const Account = "123456789012"

// Cloud is a connection to Acme Cloud: a state directory, and the region of the resources that do not
// name one.
type Cloud struct {
	dir    string
	region string
	key    []byte     // what signs URLs: derived from the API token
	trace  io.Writer  // where calls are logged; nil when they are not
	mu     sync.Mutex // one write at a time, so that a read never sees half a file
	// names is held from the check of a name to the write of its object (names.go).
	names sync.Mutex
	// bootTime is how long an instance takes to boot ($ACME_BOOT_TIME).
	bootTime time.Duration
}

// Open returns the cloud kept in dir, creating dir if needed, for resources of DefaultRegion.
func Open(dir string) (*Cloud, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	return &Cloud{dir: dir, region: acme.DefaultRegion}, nil
}

// DirFromEnv returns the directory of the cloud: $ACME_STATE_DIR, or acme-cloud under the temporary
// directory (the engine starts a new plugin process for every command, so the state must outlive the
// process).
func DirFromEnv() string {
	if dir := os.Getenv(StateDirEnv); dir != "" {
		return dir
	}
	return filepath.Join(os.TempDir(), "acme-cloud")
}

// Connect connects a provider instance to the cloud kept in dir with the instance's configuration. A
// token that Acme Cloud did not issue fails here, before any resource is touched; the error never
// shows it.
func Connect(dir string, cfg *acme.Config) (*Cloud, error) {
	if !ValidToken(cfg.APIToken) {
		return nil, errors.New("the API token was rejected by Acme Cloud: its check digits do not match, so it is not a token Acme Cloud issued (a mistyped or truncated token?)")
	}
	c, err := Open(dir)
	if err != nil {
		return nil, err
	}
	c.region = string(cfg.Region)
	if text := os.Getenv(BootTimeEnv); text != "" {
		if c.bootTime, err = time.ParseDuration(text); err != nil {
			return nil, fmt.Errorf("$%s: %v", BootTimeEnv, err)
		}
	}
	key := sha256.Sum256([]byte(cfg.APIToken))
	c.key = key[:]
	if cfg.Tracing != nil && *cfg.Tracing {
		c.trace = os.Stderr // the engine shows a provider's standard error in its log
	}
	return c, nil
}

// DemoToken is an API token that Acme Cloud accepts, for trying the example by hand (the README sets it
// as the stack's acme:apiToken). Tests make tokens of their own with NewToken.
const DemoToken = "acme_0123456789abcdef000000008c0f836a"

// NewToken returns a new API token: acme_, 24 random hexadecimal digits, and the 8 check digits of
// their CRC-32.
func NewToken() string {
	key := RandomHex(12)
	return fmt.Sprintf("acme_%s%08x", key, crc32.ChecksumIEEE([]byte(key)))
}

// ValidToken reports whether token is one Acme Cloud issued: its check digits match.
func ValidToken(token string) bool {
	rest, ok := strings.CutPrefix(token, "acme_")
	if !ok || len(rest) != 32 {
		return false
	}
	return fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(rest[:24]))) == rest[24:]
}

// Boot waits for an instance to boot, telling the user how far it is once a second; it stops early,
// with ctx's error, when ctx is done.
func (c *Cloud) Boot(ctx context.Context) error {
	start := time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	done := time.After(c.bootTime)
	for {
		select {
		case <-done:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
			provider.Log(ctx).Statusf("booting (%s of %s)", time.Since(start).Round(time.Second), c.bootTime)
		}
	}
}

// Dir returns the state directory.
func (c *Cloud) Dir() string { return c.dir }

// Region returns the region of the resources that do not name one: the provider's.
func (c *Cloud) Region() string { return c.region }

// Sign returns the signature of text with the key of the connection's API token, as hexadecimal digits:
// what makes a signed URL (storage.GetObjectURL) good for the account that asked for it, and no other.
func (c *Cloud) Sign(text string) string {
	mac := hmac.New(sha256.New, c.key)
	mac.Write([]byte(text))
	return hex.EncodeToString(mac.Sum(nil))
}

// tracef logs a call, when the connection traces them.
func (c *Cloud) tracef(format string, args ...any) {
	if c.trace != nil {
		fmt.Fprintf(c.trace, "acme: "+format+"\n", args...)
	}
}

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
	c.tracef("put %s/%s (region %s)", kind, id, c.region)
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
	c.tracef("get %s/%s", kind, id)
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
	c.tracef("delete %s/%s", kind, id)
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
// they need. The records of a named resource have names unique in a scope (Named).
type Table[T any] struct {
	Cloud *Cloud
	Kind  string
	// scope and name say where an object's name is unique, and what it is; nil for objects without
	// names (see Named).
	scope, name func(*T) string
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
	return t.Put(id, news)
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

// Put stores obj as the record of id; in a named table, not when another object has its name in its
// scope.
func (t Table[T]) Put(id resource.ID, obj *T) error {
	if t.name != nil {
		t.Cloud.names.Lock()
		defer t.Cloud.names.Unlock()
		if err := t.checkName(id, obj); err != nil {
			return err
		}
	}
	return t.Cloud.Put(t.Kind, id, obj)
}
