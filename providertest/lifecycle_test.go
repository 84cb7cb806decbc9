package providertest_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cidlc/cidlc/providertest"
)

// recorder is a testing.TB that keeps what a test reports instead of failing: the harness's own
// failures are what these tests assert on. Fatal ends the goroutine, as testing's does.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
	logs   []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.fatal = true
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

// run runs fn with the recorder as the driver's test, on a goroutine of its own (for Fatal).
func (r *recorder) run(d *providertest.Driver, fn func()) {
	d.T = r
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	<-done
}

var noteLifeCycle = providertest.LifeCycle{
	Type:    noteType,
	Name:    "todo",
	Create:  map[string]any{"title": "todo", "text": "milk"},
	Update:  map[string]any{"text": "milk, eggs"},
	Replace: map[string]any{"title": "shopping"},
}

// TestLifeCycle: the life cycle of a resource whose provider is right passes, doing what the engine
// would, in order; the author's steps run after each step, seeing the resource as the engine knows it.
func TestLifeCycle(t *testing.T) {
	s, srv, err := newNotes(bugs{})
	if err != nil {
		t.Fatal(err)
	}
	d := providertest.Start(t, srv)
	d.MustConfigure(nil)
	lc := noteLifeCycle
	var steps []string
	lc.After = func(step providertest.Step, l *providertest.Live) {
		outs := d.Outputs(l)
		steps = append(steps, fmt.Sprintf("%s %s %v %v", step, l.ID, outs["text"].V, outs["length"].V))
	}
	r := &recorder{TB: t}
	r.run(d, func() { d.LifeCycle(lc) })
	if len(r.errors) > 0 {
		t.Fatalf("the life cycle failed:\n%s", strings.Join(r.errors, "\n"))
	}
	wantSteps := []string{
		"create note-1 milk 4",
		"update note-1 milk, eggs 10",
		"replace note-2 milk, eggs 10",
		"import note-2 milk, eggs 10",
		"delete note-2 milk, eggs 10",
	}
	if !slices.Equal(steps, wantSteps) {
		t.Errorf("the author's steps saw\n%q\nwant\n%q", steps, wantSteps)
	}
	wantCalls := []string{"create note-1", "update note-1", "create note-2", "delete note-1", "delete note-2"}
	if !slices.Equal(s.calls, wantCalls) {
		t.Errorf("the service saw %q, want %q", s.calls, wantCalls)
	}
	wantLogs := []string{
		"create: notes:index:Note todo: ID note-1",
		"update in place (text): ID note-1",
		"replace (title): ID note-1 → ID note-2, create before delete",
		"import: ID note-2",
		"delete: ID note-2",
	}
	if !slices.Equal(r.logs, wantLogs) {
		t.Errorf("the life cycle logged\n%q\nwant\n%q", r.logs, wantLogs)
	}
}

// TestLifeCycleFails: a provider that reads back what it did not make, or loses an update, or a life
// cycle whose update replaces, fails naming the step and the property.
func TestLifeCycleFails(t *testing.T) {
	for _, c := range []struct {
		name string
		bugs bugs
		lc   func(providertest.LifeCycle) providertest.LifeCycle
		want []string
	}{
		{name: "read", bugs: bugs{readText: "!"}, want: []string{
			"Read after create: the outputs differ from what the engine holds:\n\ttext: got \"milk!\", want \"milk\"",
			"Read after create: the inputs differ from what the engine holds:\n\ttext: got \"milk!\", want \"milk\"",
			"import: the outputs differ from what the engine holds:\n\ttext: got \"milk, eggs!\", want \"milk, eggs\"",
		}},
		{name: "update", bugs: bugs{updateLosses: true}, want: []string{
			"Read after update: the outputs differ from what the engine holds:\n\ttext: got \"\", want \"milk, eggs\"",
		}},
		{name: "replacing update", lc: func(lc providertest.LifeCycle) providertest.LifeCycle {
			lc.Update = map[string]any{"title": "groceries"}
			return lc
		}, want: []string{"update of todo: the changes of title replace it (title): give them as LifeCycle.Replace"}},
		{name: "update that changes nothing", lc: func(lc providertest.LifeCycle) providertest.LifeCycle {
			lc.Update = map[string]any{"text": "milk"}
			return lc
		}, want: []string{"update of todo: Diff finds no change in text"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, srv, err := newNotes(c.bugs)
			if err != nil {
				t.Fatal(err)
			}
			d := providertest.Start(t, srv)
			d.MustConfigure(nil)
			lc := noteLifeCycle
			if c.lc != nil {
				lc = c.lc(lc)
			}
			r := &recorder{TB: t}
			r.run(d, func() { d.LifeCycle(lc) })
			for _, want := range c.want {
				if !slices.ContainsFunc(r.errors, func(e string) bool { return strings.HasPrefix(e, want) }) {
					t.Errorf("no failure starts with\n%s\nthe failures:\n%s", want, strings.Join(r.errors, "\n"))
				}
			}
			if r.fatal {
				t.Errorf("the life cycle stopped: %s", r.errors[len(r.errors)-1])
			}
		})
	}
}
