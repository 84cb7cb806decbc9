package providertest_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	"github.com/cidlc/cidlc/provider"
)

// The harness's tests drive a provider of notes kept in memory, built on cidlc's runtime as stubs
// would build it: a Note has a title that replaces it, a text updated in place, and a length out.

const noteType tokens.Type = "notes:index:Note"

type note struct {
	Title  string
	Text   string
	Length *float64
}

func (n *note) unmarshal(o provider.Object) {
	n.Title = provider.Required(o, "title", provider.String[string])
	n.Text = provider.Required(o, "text", provider.String[string])
	n.Length = provider.Output(o, "length", provider.Number[float64])
}

func (n *note) marshal() resource.PropertyMap {
	m := resource.PropertyMap{}
	provider.Put(m, "title", n.Title, provider.StringValue[string])
	provider.Put(m, "text", n.Text, provider.StringValue[string])
	provider.PutOptional(m, "length", n.Length, provider.NumberValue[float64])
	return m
}

// notes is the service: notes by ID. Its bugs are the ones a test plants.
type notes struct {
	mu    sync.Mutex
	byID  map[resource.ID]note
	next  int
	bugs  bugs
	calls []string // the operations, in order
}

type bugs struct {
	readText     string // Read appends it to the text
	updateLosses bool   // Update forgets the text
}

func (s *notes) Create(_ context.Context, _ resource.URN, n *note) (resource.ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	id := resource.ID(fmt.Sprintf("note-%d", s.next))
	n.Length = new(float64(len(n.Text)))
	s.byID[id] = *n
	s.calls = append(s.calls, "create "+string(id))
	return id, nil
}

func (s *notes) Read(_ context.Context, id resource.ID, n *note) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	stored, ok := s.byID[id]
	if !ok {
		return provider.ErrNotFound
	}
	*n = stored
	n.Text += s.bugs.readText
	return nil
}

func (s *notes) Update(_ context.Context, id resource.ID, _, news *note) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	news.Length = new(float64(len(news.Text)))
	stored := *news
	if s.bugs.updateLosses {
		stored.Text = ""
	}
	s.byID[id] = stored
	s.calls = append(s.calls, "update "+string(id))
	return nil
}

func (s *notes) Delete(_ context.Context, id resource.ID, _ *note) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.byID, id)
	s.calls = append(s.calls, "delete "+string(id))
	return nil
}

// newNotes returns the service and the server of a provider instance of it.
func newNotes(b bugs) (*notes, *provider.Server, error) {
	s := &notes{byID: map[resource.ID]note{}, bugs: b}
	spec := provider.Spec[note]{
		Type:       noteType,
		Properties: []provider.Property{{Key: "title", Replaces: true}, {Key: "text"}, {Key: "length", Out: true}},
		Unmarshal:  (*note).unmarshal,
		Marshal:    (*note).marshal,
	}
	srv, err := provider.NewServer(provider.Info{Name: "notes", Version: "1.0.0"},
		provider.WithoutConfig(provider.Configured{Resources: []provider.ResourceProvider{provider.NewResource(spec, s, provider.Hooks[note]{})}}))
	return s, srv, err
}
