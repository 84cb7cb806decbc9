package typescript

import (
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// resourceView is what the "resource" template renders: a class extending pulumi.CustomResource, and
// the interfaces of its arguments and of its state.
type resourceView struct {
	Doc    string
	Name   string // the exported name
	Class  string // the local name of the class (see forbiddenClassNames)
	Export bool   // whether the class is exported by its declaration, under its own name
	Pulumi string
	Token  string // the type token, as a literal
	Args   string // the local names of the arguments and state interfaces
	State  string

	GetDoc              string
	IsInstanceDoc       string
	ConstructorDoc      string
	GetSignature        string
	Get                 string // the statement that makes get's instance
	IsInstanceSignature string
	Properties          []memberView // the Output properties
	CtorOverload        string
	CtorImpl            string
	StateInputs         []string // the statements that copy the state, when reading an existing resource
	Required            []requiredView
	RequiredLoop        string   // the one loop that checks the required inputs instead, when there are many
	Check               string   // the statement that checks the arguments' contracts, or ""
	ArgsInputs          []string // the statements that copy the arguments, when creating one
	MergedOptions       []string // the members of the options merged into opts: replaceOnChanges, additionalSecretOutputs
	Super               string

	ArgsInterface  interfaceView
	StateInterface interfaceView
}

// requiredView is the check of one required input.
type requiredView struct {
	Name      string // the property's name, a string literal
	Condition string // `if (…) {`, laid out at its indentation
	Throw     string // the throw statement, laid out at its indentation
}

// maxRequiredChecks is the most required inputs checked by one if statement each. tsc's control-flow
// analysis of a function grows with the square of the ifs that narrow args, and gives up with TS2563
// ("too large for control flow analysis") at about 330 of them; 300 took it 80 seconds. Past this many,
// one loop over their names checks them all.
const maxRequiredChecks = 32

// requiredLoop is the loop that checks the required inputs named in required, one by one, in order.
func (g *fileGen) requiredLoop(required []requiredView) string {
	names := make([]string, len(required))
	for i, r := range required {
		names[i] = r.Name
	}
	msg := jsString("Missing required property '") + " + key + " + jsString("'")
	return list(branchIndent, "for (const key of [", names, "] as const) {") + "\n" +
		condition(checkIndent, "args?.[key] === undefined", "!opts.urn") + "\n" +
		checkIndent + indentUnit + "throw new " + g.errorCtor + "(" + msg + ");\n" +
		checkIndent + "}\n" +
		branchIndent + "}"
}

// memberView is one member of an interface or class: its doc comment (indented) and its declaration.
type memberView struct {
	Doc  string
	Decl string
}

// interfaceView is what the "interface" template renders.
type interfaceView struct {
	Doc     string
	Name    string
	Members []memberView
}

// Indentation of the constructor's statements: the class body, the constructor body, the if/else
// branches, the body of a required-input check.
const (
	classIndent  = indentUnit
	methodIndent = classIndent + indentUnit
	branchIndent = methodIndent + indentUnit
	checkIndent  = branchIndent + indentUnit
	caseIndent   = checkIndent // in the registration: the object, its method, the switch, a case
)

func (g *fileGen) resource(r *model.Resource) (string, error) {
	v := &resourceView{
		Doc:    tsdoc("", r.Doc),
		Name:   r.Name,
		Class:  g.scope.Name(g.path, r.Name),
		Pulumi: g.scope.Pulumi(),
		Token:  jsString(r.Token),
		Args:   g.declName(&r.Decl, argsSuffix),
		State:  g.declName(&r.Decl, stateSuffix),
	}
	v.Export = v.Class == v.Name
	resourceDocs(v)
	argsRequired := false
	var replaces, secrets []string
	for _, prop := range r.Properties {
		// The out property called id is the resource's ID: CustomResource.id already holds it.
		if prop.Out && prop.Name == "id" {
			continue
		}
		if g.resourceProperty(v, prop) {
			argsRequired = true
		}
		if prop.Replaces {
			replaces = append(replaces, jsString(prop.Name))
		}
		if prop.Secret {
			secrets = append(secrets, jsString(prop.Name))
		}
	}
	if len(v.Required) > maxRequiredChecks {
		v.RequiredLoop, v.Required = g.requiredLoop(v.Required), nil
	}
	resourceSignatures(v, argsRequired)
	check, err := g.contractsCheck(r, v.Class)
	if err != nil {
		return "", err
	}
	v.Check = check
	if len(replaces) > 0 {
		v.MergedOptions = append(v.MergedOptions, list(branchIndent, "replaceOnChanges: [", replaces, "],"))
	}
	if len(secrets) > 0 {
		// Every secret property, inputs too: the state a program reads with get holds them all.
		v.MergedOptions = append(v.MergedOptions, list(branchIndent, "additionalSecretOutputs: [", secrets, "],"))
	}
	return render("resource", v)
}

// resourceDocs writes the doc comments cidlc gives the members and interfaces of every resource class.
func resourceDocs(v *resourceView) {
	name := v.Name
	v.ArgsInterface = interfaceView{
		Doc:  tsdoc("", wrap("", "The arguments for constructing "+article(name)+" "+name+" resource: its input properties.")),
		Name: v.Args,
	}
	v.StateInterface = interfaceView{
		Doc: tsdoc("", wrap("", "The known state of an existing "+name+" resource, given to "+name+
			".get to qualify the lookup: every property, all optional.")),
		Name: v.State,
	}
	v.GetDoc = tsdoc(classIndent,
		wrap(classIndent, "Gets an existing "+name+" resource by its provider ID, with optional state that qualifies the lookup."),
		"@param name The unique name of the resulting resource.\n"+
			"@param id The provider ID of the resource to read.\n"+
			"@param state Known properties of the resource, used to qualify the lookup.\n"+
			"@param opts Options that control the resource's behavior.")
	v.IsInstanceDoc = tsdoc(classIndent, wrap(classIndent, "Returns true if obj is an instance of "+name+
		". It compares type tokens, not classes, so that it also works when several copies of this package or of the Pulumi SDK are loaded."))
	v.ConstructorDoc = tsdoc(classIndent,
		wrap(classIndent, "Creates a new "+name+" resource with the given unique name, arguments and options."),
		"@param name The unique name of the resource.\n"+
			"@param args The resource's input properties.\n"+
			"@param opts Options that control the resource's behavior.")
}

// resourceProperty adds prop to the class, its state and, for an input, its arguments and the
// constructor's checks. It reports whether prop is a required input.
func (g *fileGen) resourceProperty(v *resourceView, prop *model.Property) (required bool) {
	p := v.Pulumi
	doc := propertyDoc(classIndent, prop)
	key := propertyKey(prop.Name)
	output := g.outputType(prop.Type)
	if (prop.Optional && !prop.Synthetic) || prop.In {
		// An in property is never read back: a resource read with get does not have it. The name of a
		// named resource is optional as an input only: it defaults to the resource's own name.
		output += " | undefined"
	}
	// pulumi.Output<T> "lifts" the properties of T, and TypeScript rejects that type as circular for
	// resource classes whose properties lead back to them (a VPC whose subnets know their VPC).
	// OutputInstance has everything else (apply, use as an Input), and no lifting.
	wrapper := ".Output<"
	if holdsResource(prop.Type, map[*model.Struct]bool{}) {
		wrapper = ".OutputInstance<"
	}
	v.Properties = append(v.Properties, memberView{doc, key + ": " + p + wrapper + output + ">;"})
	input := g.inputType(prop.Type)
	v.StateInterface.Members = append(v.StateInterface.Members, memberView{doc, key + "?: " + input + ";"})

	target := "resourceInputs[" + jsString(prop.Name) + "]"
	v.StateInputs = append(v.StateInputs, assignStatement(branchIndent, target, propertyAccess("state", prop.Name)))
	if prop.Out {
		// Listed all the same: CustomResource creates an Output property for every input key.
		v.ArgsInputs = append(v.ArgsInputs, target+" = undefined;")
		return false
	}
	// A property with a default may be left out, like an optional one.
	optional := prop.Optional || prop.Default != nil
	argsKey := key
	if optional {
		argsKey += "?"
	}
	argsDoc, dflt := doc, ""
	if prop.Default != nil {
		dflt, _ = jsValue(prop.Default) // a bool, number or string, as the loader made sure
		argsDoc = propertyDoc(classIndent, prop, "@defaultValue "+dflt)
	}
	v.ArgsInterface.Members = append(v.ArgsInterface.Members, memberView{argsDoc, argsKey + ": " + input + ";"})
	value := propertyAccess("args", prop.Name)
	if !optional {
		msg := jsString("Missing required property '" + prop.Name + "'")
		v.Required = append(v.Required, requiredView{
			Name:      jsString(prop.Name),
			Condition: condition(branchIndent, value+" === undefined", "!opts.urn"),
			Throw:     list(checkIndent, "throw new "+g.errorCtor+"(", []string{msg}, ");"),
		})
	}
	switch {
	case prop.Synthetic:
		// The name of a named resource defaults to the resource's own name.
		value += " ?? name"
	case prop.Default != nil:
		value += " ?? " + dflt
	}
	if prop.Secret {
		v.ArgsInputs = append(v.ArgsInputs, callStatement(branchIndent, target, g.scope.Contracts()+".secret", value))
	} else {
		v.ArgsInputs = append(v.ArgsInputs, assignStatement(branchIndent, target, value))
	}
	return !optional
}

// propertyDoc is the TSDoc of a property: its doc, then the @deprecated tag of a deprecated property,
// then the tags given.
func propertyDoc(indent string, prop *model.Property, tags ...string) string {
	if prop.Deprecated != "" {
		tags = append([]string{"@deprecated " + prop.Deprecated}, tags...)
	}
	return tsdoc(indent, prop.Doc, strings.Join(tags, "\n"))
}

// resourceSignatures lays out the signatures of get, isInstance and the constructor, and the calls that
// depend on the class name's length.
func resourceSignatures(v *resourceView, argsRequired bool) {
	p := v.Pulumi
	opts := "opts?: " + p + ".CustomResourceOptions"
	v.GetSignature = list(classIndent, "public static get(",
		[]string{"name: string", "id: " + p + ".Input<" + p + ".ID>", "state?: " + v.State, opts}, "): "+v.Class+" {")
	v.Get = hugCall(methodIndent, "return new "+v.Class, []string{"name", "state as any"}, []string{"...opts", "id: id"}, ";")
	v.IsInstanceSignature = list(classIndent, "public static isInstance(", []string{"obj: any"}, "): obj is "+v.Class+" {")
	args := "args?: " + v.Args
	if argsRequired {
		args = "args: " + v.Args
	}
	v.CtorOverload = list(classIndent, "constructor(", []string{"name: string", args, opts}, ");")
	argsOrState := "argsOrState?: " + v.Args + " | " + v.State
	if !fits(methodIndent + argsOrState + ",") {
		// Too long even on a line of its own: prettier breaks the union, one member per line.
		argsOrState = "argsOrState?:\n" + methodIndent + indentUnit + "| " + v.Args + "\n" + methodIndent + indentUnit + "| " + v.State
	}
	v.CtorImpl = list(classIndent, "constructor(", []string{"name: string", argsOrState, opts}, ") {")
	v.Super = list(methodIndent, "super(", []string{v.Class + ".__pulumiType", "name", "resourceInputs", "opts"}, ");")
}

// registrationView is what the "registration" template renders.
type registrationView struct {
	Pulumi   string
	Cases    []registrationCase
	Error    string
	Register string // the registerResourceModule statement
}

type registrationCase struct {
	Token string // literal
	New   string // the statement that makes an instance
}

// registration registers the file's resources with the Pulumi runtime, under the module of their tokens:
// when the engine sends back a reference to one of them (a capability output), the runtime builds an
// instance of its class instead of returning a bare ID.
func (g *fileGen) registration() (string, error) {
	p := g.scope.Pulumi()
	v := registrationView{Pulumi: p, Error: g.errorCtor}
	for _, r := range g.file.Resources {
		class := g.scope.Name(g.path, r.Name)
		// The reference names an existing resource: its URN is enough, and no input is required.
		v.Cases = append(v.Cases, registrationCase{
			Token: jsString(r.Token),
			New:   hugCall(caseIndent, "return new "+class, []string{"name", "undefined as any"}, []string{"urn"}, ";"),
		})
	}
	v.Register = list("", p+".runtime.registerResourceModule(",
		[]string{jsString(g.tree.Name), jsString(g.file.Module), "_module"}, ");")
	return render("registration", v)
}
