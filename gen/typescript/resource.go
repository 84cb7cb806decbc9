package typescript

import (
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// resourceView is what the "resource" template renders: a class extending pulumi.CustomResource, and
// the interfaces of its arguments and of its state.
type resourceView struct {
	Doc          string
	Timeouts     string // the default timeouts, as its doc says them ("create 20m, delete 5m"); "" for none
	Name         string // the exported name
	Class        string // the local name of the class (see forbiddenClassNames)
	Export       bool   // whether the class is exported by its declaration, under its own name
	Token        string // the type token, as a literal
	IsInstance   isInstanceView
	Error        string // how the file's code names JavaScript's Error
	Properties   []propertyView
	Args         interfaceView // XArgs: the inputs
	State        interfaceView // XState: every property, all optional, for get
	ArgsRequired bool          // whether an input is required, and so the constructor's args
	// RequiredLoop holds the wire names of the required inputs, as literals, when one loop checks them all;
	// else each is checked by an if of its own.
	RequiredLoop []string
	Contracts    []item   // the check's arguments after args: the contracts of the inputs, and the rules (checkArgs)
	Replaces     []string // the wire names of the properties that force replacement, as literals
	Secrets      []string // the wire names of the secret properties, as literals
	// Aliases are the resource's earlier tokens (formerly=), each as an alias object literal, so that the
	// engine finds the state that stacks hold under them.
	Aliases  []string
	Released bool // whether the constructor merges the release's options (see usesRelease)
}

// isInstanceView is what the "isInstance" template renders.
type isInstanceView struct {
	Name  string // the exported name of the class
	Class string // its local name
	Type  string // the expression of the type token that an instance carries
}

// propertyView is one property of a resource: the class's Output property, and the statements of the
// constructor that send it.
type propertyView struct {
	Name      string // the wire name
	Wire      string // the wire name, as a literal
	Key       string // the wire name as a member's name (see propertyKey)
	StateRead string // reading it from the state, `state?.name`: made once, read in the template's loops
	ArgsRead  string // reading it from the arguments, `args?.name`
	// Input is what the constructor sends for an input: ArgsRead, or its default when the arguments
	// leave it out (`args?.name ?? name` for the name of a named resource).
	Input    string
	Doc      string
	Notes    *docNotes // what its doc says beyond Doc, nil for most properties: the immutable note, a tag
	Output   string    // the type of its Output property: pulumi.Output<…>, or OutputInstance (see resourceProperty)
	Out      bool      // set by the provider: sent as undefined
	Required bool      // a required input
	Secret   bool      // sent as a secret
}

// interfaceView is what the "interface" template renders.
type interfaceView struct {
	Name     string
	Readonly bool // whether its members are readonly: an output shape
	Members  []memberView
}

// memberView is one member of an interface.
type memberView struct {
	Doc      string
	Notes    *docNotes // what its doc says beyond Doc, nil for most members: see docNotes
	Key      string    // the member's name (see propertyKey)
	Optional bool
	Type     string
}

// add appends m to the interface's members.
func (v *interfaceView) add(m memberView) { v.Members = append(v.Members, m) }

// docNotes is what the doc comment of a member or property says beyond its doc: the environment
// variables that give it, the immutable note, its tags. Most docs are their text alone, which the
// templates write with a shorter call (see the interface template), and most views hold no notes: a view
// is built per member, and notes that every view carried were a third of its size.
type docNotes struct {
	Doc        string // the doc itself, for the template that writes the notes after it
	Env        string // which environment variables give it, unwrapped: a configuration's
	Deprecated string
	Default    string // the default, as a literal, for @defaultValue; "" for none
	Immutable  bool   // an input of a resource that never changes once the resource exists: its doc says so
	WriteOnly  bool   // an input the provider never returns (in): its doc says so
}

// notesOf returns n for the doc comment of doc, or nil when n says nothing.
func notesOf(doc string, n docNotes) *docNotes {
	if n == (docNotes{}) {
		return nil
	}
	notes := n // a copy, so that only notes that say something are moved to the heap
	notes.Doc = doc
	return &notes
}

// maxRequiredChecks is the most required inputs checked by one if statement each. tsc's control-flow
// analysis of a function grows with the square of the ifs that narrow args, and gives up with TS2563
// ("too large for control flow analysis") at about 330 of them; 300 took it 80 seconds. Past this many,
// one loop over their names checks them all.
const maxRequiredChecks = 32

// resourceViews holds views of resources for reuse: a view is read only while its template executes, and
// the slices of its properties and members, three per resource, were a tenth of what the backend
// allocated.
var resourceViews = sync.Pool{New: func() any { return new(resourceView) }}

// release gives v back to resourceViews, without the strings of the resource it showed.
func (v *resourceView) release() {
	clear(v.Properties)
	clear(v.Args.Members)
	clear(v.State.Members)
	resourceViews.Put(v)
}

func (g *fileGen) resource(r *model.Resource) error {
	g.scope.usePulumi() // the template writes pulumi.CustomResource
	class := g.scope.Name(g.path, r.Name)
	v := resourceViews.Get().(*resourceView)
	defer v.release()
	*v = resourceView{
		Doc:      model.DeclarationDoc(r.Doc, r.Name, r.Name, r.Properties, r.Checks),
		Timeouts: r.Timeouts.String(),
		Name:     r.Name,
		Class:    class,
		Export:   class == r.Name,
		Token:    jsString(r.Token),
		// The class's own token, not its name's: a class named Object is declared as Object_.
		IsInstance: isInstanceView{Name: r.Name, Class: class, Type: class + ".__pulumiType"},
		Error:      g.errorCtor,
		Args:       interfaceView{Name: g.declName(&r.Decl, argsSuffix), Members: v.Args.Members[:0]},
		State:      interfaceView{Name: g.declName(&r.Decl, stateSuffix), Members: v.State.Members[:0]},
		Properties: v.Properties[:0],
		Released:   g.usesRelease(),
	}
	for _, t := range r.Formerly {
		v.Aliases = append(v.Aliases, "{ type: "+jsString(t)+" }")
	}
	siblings := model.SiblingsOf(r.Properties)
	var required []string
	for _, prop := range r.Properties {
		// The out property called id is the resource's ID: CustomResource.id already holds it.
		if prop.Out && prop.Name == "id" {
			continue
		}
		p := g.resourceProperty(v, prop, siblings)
		if p.Required {
			required = append(required, p.Wire)
		}
		if prop.Replaces {
			v.Replaces = append(v.Replaces, p.Wire)
		}
		if prop.Secret {
			// Every secret property, outputs too: the state a program reads with get holds them all.
			v.Secrets = append(v.Secrets, p.Wire)
			if !prop.Out {
				g.scope.useContracts() // the template writes _contracts.secret
			}
		}
		v.Properties = append(v.Properties, p)
	}
	v.ArgsRequired = len(required) > 0
	if len(required) > maxRequiredChecks {
		v.RequiredLoop = required
	}
	contracts, err := g.contractTable(r.Name, r.Properties)
	if err != nil {
		return err
	}
	v.Contracts = g.checkArgs(contracts, siblings.Relations)
	return g.block("resource", v)
}

// resourceProperty returns the view of prop, and adds it to the resource's state and, for an input, its
// arguments.
func (g *fileGen) resourceProperty(v *resourceView, prop *model.Property, siblings model.Siblings) propertyView {
	key := propertyKey(prop.Name)
	output := g.outputType(prop.Type) // before the input shape: the order of the imports' aliases
	input := g.inputType(prop.Type)
	doc := siblings.Doc(prop)
	v.State.add(memberView{Doc: doc, Notes: notesOf(doc, docNotes{Deprecated: prop.Deprecated}), Key: key, Optional: true, Type: input})
	p := propertyView{
		Name:      prop.Name,
		Wire:      jsString(prop.Name),
		Key:       key,
		StateRead: propertyAccess("state", prop.Name),
		ArgsRead:  propertyAccess("args", prop.Name),
		Doc:       doc,
		Notes:     notesOf(doc, docNotes{Deprecated: prop.Deprecated, Immutable: prop.Immutable, WriteOnly: prop.In}),
		Output:    propertyOutput(g.scope.Pulumi(), prop, output),
		Out:       prop.Out,
		Secret:    prop.Secret,
	}
	if prop.Out {
		// Listed all the same: CustomResource creates an Output property for every input key.
		return p
	}
	p.Input = p.ArgsRead
	var def string // the default, as a literal
	if prop.Default != nil {
		def, _ = jsValue(prop.Default) // a bool, number or string, as the loader made sure
	}
	// The name of a named resource has no default here: the provider makes one when the program gives
	// none, as the IDL and the stack's autonaming configuration say.
	if def != "" {
		p.Input += " ?? " + def
	}
	// A property with a default may be left out, like an optional one.
	optional := prop.Optional || prop.Default != nil
	p.Required = !optional
	notes := docNotes{Deprecated: prop.Deprecated, Default: def, Immutable: prop.Immutable, WriteOnly: prop.In}
	v.Args.add(memberView{Doc: doc, Notes: notesOf(doc, notes), Key: key, Optional: optional, Type: input})
	return p
}

// propertyOutput returns the type of the Output property of prop, whose output shape is output, with
// pulumi the name of @pulumi/pulumi.
func propertyOutput(pulumi string, prop *model.Property, output string) string {
	// An in property is never read back: a resource read with get does not have it. The name of a named
	// resource is optional as an input only: the provider makes one when the program gives none.
	if (prop.Optional && !prop.Synthetic) || prop.In {
		output += " | undefined"
	}
	// pulumi.Output<T> "lifts" the properties of T, and TypeScript rejects that type as circular for
	// resource classes whose properties lead back to them (a VPC whose subnets know their VPC).
	// OutputInstance has everything else (apply, use as an Input), and no lifting.
	if holdsResource(prop.Type, map[*model.Struct]bool{}) {
		return pulumi + ".OutputInstance<" + output + ">"
	}
	return pulumi + ".Output<" + output + ">"
}

// registrationView is what the "registration" template renders.
type registrationView struct {
	Resources []registeredResource
	Released  bool // whether the registration says the release's version (see usesRelease)
	Error     string
	Package   string   // the Pulumi package name, which the resources' tokens hold
	Modules   []string // the modules of their tokens: the files that declare them
}

type registeredResource struct {
	Token string // literal
	Class string
}

// registration registers the resources of files, those of a barrel's directory, with the Pulumi runtime,
// each under the module of its token: when the engine sends back a reference to one of them (a
// capability output), the runtime builds an instance of its class instead of returning a bare ID. The
// barrel registers them, not their files, which it loads only when a program reads one of their values
// (see lazy.go): the runtime may need a class that the program never named.
func (g *fileGen) registration(files []*model.File) error {
	g.scope.usePulumi() // the template writes pulumi.runtime
	v := registrationView{Error: g.errorCtor, Package: g.tree.Name}
	for _, f := range files {
		if len(f.Resources) == 0 {
			continue
		}
		v.Modules = append(v.Modules, f.Module)
		for _, r := range f.Resources {
			v.Resources = append(v.Resources, registeredResource{Token: jsString(r.Token), Class: g.scope.Name(tsPath(f), r.Name)})
		}
	}
	if len(v.Resources) == 0 {
		return nil
	}
	v.Released = g.usesRelease()
	return g.block("registration", v)
}
