package typescript

import "github.com/cidlc/cidlc/idl/model"

// functionView is what the "function" template renders: the function's two forms, getX over
// pulumi.runtime.invoke and getXOutput over invokeOutput, and the interfaces of their arguments and of
// their result.
type functionView struct {
	Doc          string
	Name         string // what programs call: the function's call name
	Local        string // the name that binds it in its file: Name, but for a CommonJS name (see ownNames)
	OutputName   string // the Output form: getXOutput
	Token        string // the function's token, as a literal
	Error        string // how the file's code names JavaScript's Error
	Promise      string // and its Promise
	ArgsRequired bool   // whether an input is required, and so the args parameter
	Inputs       []inputView
	Contracts    []item        // the check's arguments after args: the contracts of the inputs, and the rules (checkArgs)
	Args         interfaceView // XArgs: the inputs, as values
	OutputArgs   interfaceView // XOutputArgs: the inputs, each a pulumi.Input
	Result       interfaceView // XResult: the results
	Released     bool          // whether both forms merge the release's options (see usesRelease)
}

// inputView is one input of a function: the statements of a form's body that check and send it.
type inputView struct {
	Name     string // the wire name
	Wire     string // the wire name, as a literal
	Required bool
	Default  string // the default, as a literal, or ""
	Secret   bool   // sent as a secret by the Output form
}

// formView is one form of a function, for the "functionBody" template.
type formView struct {
	*functionView
	Output bool // the Output form
}

// Form returns the view of the plain form (invoke), or of the Output form (invokeOutput).
func (v *functionView) Form(output bool) formView { return formView{v, output} }

func (g *fileGen) function(fn *model.Function) error {
	g.scope.usePulumi() // the template writes pulumi.runtime
	v := &functionView{
		Doc:        model.DeclarationDoc(fn.Doc, fn.Name, fn.CallName, fn.Properties, fn.Checks),
		Name:       fn.CallName,
		Local:      g.scope.Name(g.path, fn.CallName),
		OutputName: g.names.exportName(&fn.Decl, outputSuffix),
		Token:      jsString(fn.Token),
		Error:      g.errorCtor,
		Promise:    g.promiseType,
		Args:       interfaceView{Name: g.declName(&fn.Decl, argsSuffix)},
		OutputArgs: interfaceView{Name: g.declName(&fn.Decl, outputArgsSuffix)},
		Result:     interfaceView{Name: g.declName(&fn.Decl, resultSuffix), Readonly: true},
		Released:   g.usesRelease(),
	}
	siblings := model.SiblingsOf(fn.Properties)
	for _, prop := range fn.Properties {
		key := propertyKey(prop.Name)
		doc := siblings.Doc(prop)
		if prop.Out {
			v.Result.add(memberView{
				Doc: doc, Notes: notesOf(doc, docNotes{Deprecated: prop.Deprecated}), Key: key, Optional: prop.Optional, Type: g.outputType(prop.Type),
			})
			continue
		}
		in := inputView{Name: prop.Name, Wire: jsString(prop.Name), Secret: prop.Secret}
		if prop.Default != nil {
			in.Default, _ = jsValue(prop.Default) // a bool, number or string, as the loader made sure
		}
		if prop.Secret {
			g.scope.useContracts() // the Output form writes _contracts.secret
		}
		// An input with a default may be left out, like an optional one.
		optional := prop.Optional || prop.Default != nil
		in.Required = !optional
		v.ArgsRequired = v.ArgsRequired || in.Required
		v.Inputs = append(v.Inputs, in)
		notes := docNotes{Deprecated: prop.Deprecated, Default: in.Default}
		member := memberView{Doc: doc, Notes: notesOf(doc, notes), Key: key, Optional: optional}
		// getX takes values, as Pulumi's SDKs have it; getXOutput takes outputs of other resources too.
		plain, input := member, member
		plain.Type, input.Type = g.outputType(prop.Type), g.inputType(prop.Type)
		v.Args.add(plain)
		v.OutputArgs.add(input)
	}
	contracts, err := g.contractTable(fn.Name, fn.Inputs())
	if err != nil {
		return err
	}
	v.Contracts = g.checkArgs(contracts, siblings.Relations)
	return g.block("function", v)
}
