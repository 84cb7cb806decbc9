package typescript

import (
	"slices"

	"github.com/cidlc/cidlc/idl/model"
)

// A program pays, on every `pulumi preview` and `up`, for loading the package it imports; a provider of
// a thousand resources is a thousand modules, of which a program uses a few. So a barrel loads none of
// its directory's files: it re-exports their types by name (`export type { … } from`, which TypeScript
// erases), declares each of their values with its type and a placeholder (`export const Bucket: typeof
// import("./bucket").Bucket = null as any`, which emits `exports.Bucket = null`), and defines those
// values on the CommonJS exports object as getters that require the file the first time a program reads
// one (_lazy.reexport, in the package's _lazy.ts; _config.ts defines its getters the same way). A class is both: its instance type
// is an alias of the file's class, and the value is the class itself, so that `new`, `instanceof`,
// isInstance, get and `extends` see the one class. Pulumi's own Node.js SDKs load their modules the same
// way (utilities.lazyLoad), and for the same reason.
//
// The placeholder is for ES modules: Node finds the named exports of a CommonJS module by reading its
// code, where it sees `exports.Bucket = null` and not a getter defined by a function; without it, an ES
// module could import the root barrel's values only through the package's default export. The getter
// replaces the placeholder before any program reads it. (Pulumi's SDKs write the same placeholder.)
//
// The barrels themselves, every namespace of the package, are still loaded with the package: each
// registers its directory's resources with the Pulumi runtime (see registration), so that a resource
// reference the engine sends back becomes an instance of its class, which the getter then loads, whether
// or not the program named the class before.

// lazyFile is the package's module of lazy re-exports, without .ts: the runtime of the barrels.
const lazyFile = "_lazy"

// A lazyModule is one module of the package as its directory's barrel re-exports it.
type lazyModule struct {
	path    string   // the module's path in the package, without .ts: "storage/bucket"
	From    string   // its module specifier from the barrel, as a literal
	Types   []string // the names that are only types, sorted
	Classes []string // the names of classes, types and values at once, sorted
	Values  []string // every value, classes included, sorted, but for those in Shadows
	// Shadows are the values named as a name of the CommonJS module's scope (commonJSNames), which the
	// barrel's code needs as it is (require, exports): declared under another local name and exported
	// under their own. Only a function can be so named.
	Shadows []string
	Getters jsArray // the names of the module's values, as literals: those _lazy.reexport defines
}

// setGetters sets the module's Getters from its Values and Shadows.
func (m *lazyModule) setGetters() *lazyModule {
	m.Getters = nil
	for _, v := range slices.Sorted(slices.Values(slices.Concat(m.Values, m.Shadows))) {
		m.Getters = append(m.Getters, jsString(v))
	}
	return m
}

// moduleExports returns the exports of the module generated from f, as the barrel of dir re-exports it.
func moduleExports(dir string, f *model.File, names twinNames) *lazyModule {
	m := &lazyModule{path: tsPath(f), From: jsString(relativeSpecifier(dir, tsPath(f)))}
	for _, r := range f.Resources {
		m.Classes = append(m.Classes, r.Name)
	}
	for _, a := range f.ResourceAliases {
		m.Types = append(m.Types, a.Name)
	}
	for _, fn := range f.Functions {
		m.Values = append(m.Values, fn.CallName)
	}
	for _, s := range f.Structs {
		m.Types = append(m.Types, s.Name)
	}
	for _, e := range f.Enums {
		m.Types = append(m.Types, e.Name)
		for _, v := range e.Values {
			m.Values = append(m.Values, v.Name)
		}
	}
	for _, a := range f.Aliases {
		m.Types = append(m.Types, a.Name)
	}
	for _, c := range f.Consts {
		m.Values = append(m.Values, c.Name)
	}
	// The names the package makes up: a function's Output form is a value, every other twin a type.
	for _, t := range twins(f) {
		if t.suffix == outputSuffix {
			m.Values = append(m.Values, names.exportName(t.decl, t.suffix))
		} else {
			m.Types = append(m.Types, names.exportName(t.decl, t.suffix))
		}
	}
	m.Values = append(m.Values, m.Classes...)
	m.Values = slices.DeleteFunc(m.Values, func(v string) bool {
		if slices.Contains(commonJSNames, v) {
			m.Shadows = append(m.Shadows, v)
			return true
		}
		return false
	})
	for _, names := range [][]string{m.Types, m.Classes, m.Values, m.Shadows} {
		slices.Sort(names)
	}
	return m.setGetters()
}

// providerExports returns the exports of _provider.ts, as the root barrel re-exports them.
func providerExports(names providerNames) *lazyModule {
	m := &lazyModule{
		path:    providerFile,
		From:    jsString(relativeSpecifier("", providerFile)),
		Types:   []string{names.args},
		Classes: []string{names.class},
		Values:  []string{names.class},
	}
	return m.setGetters()
}
