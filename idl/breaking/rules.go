package breaking

import "slices"

// Category says who a change hurts.
type Category string

// The categories of a change.
const (
	// Source: programs written against the old IDL stop compiling (the TypeScript package, or an SDK
	// generated from the Pulumi schema), or fail when they run: a constructor throws, the provider's
	// Check rejects the inputs.
	Source Category = "source"
	// State: existing stacks misbehave though their programs still compile: the provider can no longer
	// read what their state holds, or the next update shows changes, or replaces resources, that the
	// program did not ask for.
	State Category = "state"
	// Safe: nothing that exists breaks or behaves differently (additions, relaxations, documentation).
	Safe Category = "safe"
)

// Severity says how sure the break is.
type Severity string

// The severities of a change. Only Breaking fails a run.
const (
	// Breaking: some program or stack that worked against the old IDL fails, or gets a plan that
	// replaces or deletes resources, without any change of its own.
	Breaking Severity = "breaking"
	// Warning: behaviour changes without failing (a new diff on the next update, a value that moves),
	// or only unusual programs break (strict code that reads a value which may now be unset), or cidlc
	// cannot decide statically (a changed pattern).
	Warning Severity = "warning"
	// Info: a safe change, listed so that release notes are complete.
	Info Severity = "info"
)

// A Rule is one kind of change. Its ID is stable: it names the rule in output, in acceptances and in
// JSON, and never changes meaning; a rule that must behave differently gets a new ID.
type Rule struct {
	ID       string
	Category Category
	Severity Severity
	// Summary says in a few words what change the rule finds, for the catalogue (docs/breaking.md).
	Summary string
}

// The rules. Each is one kind of change; the doc comment of each group says where it applies.
var (
	// The tree and its declarations.
	PackageRenamed           = &Rule{"package-renamed", State, Breaking, "the package name (--name, the first part of every token) changed"}
	ResourceRemoved          = &Rule{"resource-removed", Source, Breaking, "a resource was removed"}
	ResourceAdded            = &Rule{"resource-added", Safe, Info, "a resource was added"}
	TokenChanged             = &Rule{"token-changed", State, Breaking, "a resource moved to another file, so its type token changed"}
	ResourceRenamed          = &Rule{"resource-renamed", Source, Breaking, "a resource moved to another directory, or took another Go name (formerly=), so programs name it anew"}
	KindChanged              = &Rule{"kind-changed", Source, Breaking, "a declaration kept its token but changed kind (struct, resource, enum, alias)"}
	NamedResourceAdded       = &Rule{"named-resource-added", State, Breaking, "a resource now embeds idl.NamedResource instead of idl.Resource"}
	NamedResourceRemoved     = &Rule{"named-resource-removed", Source, Breaking, "a resource no longer embeds idl.NamedResource"}
	NameAutonamed            = &Rule{"name-autonamed", Source, Breaking, "a named resource's name is no longer its own name verbatim: new resources, and replacements, get a random suffix"}
	NameVerbatim             = &Rule{"name-verbatim", Source, Warning, "a named resource's name is now its own name verbatim: two stacks of a program claim the same names, and a replacement deletes first"}
	TypeRemoved              = &Rule{"type-removed", Source, Breaking, "a struct, enum or alias was removed"}
	TypeAdded                = &Rule{"type-added", Safe, Info, "a struct, enum or alias was added"}
	TypeMoved                = &Rule{"type-moved", Safe, Info, "a struct, enum or alias moved to another file of its directory"}
	TypeNamespaceChanged     = &Rule{"type-namespace-changed", Source, Breaking, "a struct, enum or alias moved to another directory"}
	ConstantRemoved          = &Rule{"constant-removed", Source, Breaking, "a constant was removed"}
	ConstantChanged          = &Rule{"constant-changed", Source, Warning, "a constant's value changed"}
	ConstantAdded            = &Rule{"constant-added", Safe, Info, "a constant was added"}
	FunctionRemoved          = &Rule{"function-removed", Source, Breaking, "a function was removed"}
	FunctionAdded            = &Rule{"function-added", Safe, Info, "a function was added"}
	FunctionMoved            = &Rule{"function-moved", Safe, Info, "a function moved to another file of its directory, so its token changed"}
	FunctionNamespaceChanged = &Rule{"function-namespace-changed", Source, Breaking, "a function moved to another directory"}
	FunctionRenamed          = &Rule{"function-renamed", Source, Breaking, "a function took another name (formerly=), so programs call it by the new one"}
	FunctionArgsAdded        = &Rule{"function-args-added", Source, Breaking, "a function without inputs gained one, so its TypeScript form takes the inputs before the options"}

	// Members: properties of resources, inputs and results of functions, fields of structs.
	PropertyRemoved         = &Rule{"property-removed", Source, Breaking, "a property or struct field was removed"}
	WireNameChanged         = &Rule{"wire-name-changed", State, Breaking, "a property that state holds kept its Go name but changed its wire name"}
	PropertyRenamed         = &Rule{"property-renamed", Source, Breaking, "a property kept its Go name but changed its wire name, which programs use"}
	GoFieldRenamed          = &Rule{"go-field-renamed", Safe, Info, "a property kept its wire name but changed its Go name"}
	RequiredInputAdded      = &Rule{"required-input-added", Source, Breaking, "a new input that programs must set"}
	OptionalInputAdded      = &Rule{"optional-input-added", Safe, Info, "a new input that programs may leave out"}
	OutputAdded             = &Rule{"output-added", Safe, Info, "a new output"}
	InputMadeRequired       = &Rule{"input-made-required", Source, Breaking, "an optional input (or one with a default) became required"}
	InputMadeOptional       = &Rule{"input-made-optional", Source, Warning, "a required input became optional, so reading it may give undefined"}
	RequiredInputDefaulted  = &Rule{"required-input-defaulted", Safe, Info, "a required input got a default, so programs may leave it out"}
	OutputMadeOptional      = &Rule{"output-made-optional", Source, Breaking, "an output that was always set may now be unset"}
	OutputMadeRequired      = &Rule{"output-made-required", Safe, Info, "an output that could be unset is now always set"}
	InputBecameOutput       = &Rule{"input-became-output", Source, Breaking, "an input became out (set by the provider only)"}
	OutputBecameInput       = &Rule{"output-became-input", Source, Warning, "an out property became an optional input"}
	InputMadeWriteOnly      = &Rule{"input-made-write-only", Source, Warning, "an input became in: the provider no longer returns it"}
	InputNowReturned        = &Rule{"input-now-returned", Safe, Info, "an in property is now returned by the provider"}
	TypeChanged             = &Rule{"type-changed", Source, Breaking, "the type of a property, field or alias changed"}
	StoredTypeChanged       = &Rule{"stored-type-changed", State, Breaking, "the type of a property, field or alias that state holds changed, so old values no longer decode"}
	TypeWidened             = &Rule{"type-widened", Source, Warning, "the type of a property, field or alias now accepts more values (enum to string, int to float64, int32 to int, T to any, *R to *idl.Resource)"}
	TypeReferenceChanged    = &Rule{"type-reference-changed", Safe, Info, "a type now refers to another declaration of the same shape"}
	ReplacesAdded           = &Rule{"replaces-added", State, Breaking, "a change to an existing property now replaces the resource"}
	ReplacesRemoved         = &Rule{"replaces-removed", Safe, Info, "a property no longer forces replacement"}
	ImmutableAdded          = &Rule{"immutable-added", State, Breaking, "a change to an existing property, which used to update or replace the resource, now fails the preview"}
	ImmutableRemoved        = &Rule{"immutable-removed", Safe, Info, "a property is no longer immutable: a change to it updates (or replaces) the resource"}
	SecretRemoved           = &Rule{"secret-removed", State, Breaking, "a property is no longer secret"}
	SecretAdded             = &Rule{"secret-added", Safe, Info, "a property is now secret"}
	FunctionSecretRemoved   = &Rule{"function-secret-removed", Source, Warning, "an input or result of a function is no longer secret"}
	DefaultAdded            = &Rule{"default-added", State, Warning, "an input got a default, which existing resources will take on"}
	DefaultChanged          = &Rule{"default-changed", State, Warning, "an input's default changed"}
	DefaultRemoved          = &Rule{"default-removed", State, Warning, "an input lost its default"}
	ReplacingDefaultChanged = &Rule{"replacing-default-changed", State, Breaking, "a default was added, changed or removed on a property that replaces the resource, or that is immutable"}
	FunctionDefaultChanged  = &Rule{"function-default-changed", Source, Warning, "a default of a function's input was added, changed or removed"}
	ContractNarrowed        = &Rule{"contract-narrowed", Source, Breaking, "a contract (min=, maxLength=, pattern=, …) accepts fewer values"}
	ContractWidened         = &Rule{"contract-widened", Safe, Info, "a contract accepts more values, or was removed"}
	OutputContractChanged   = &Rule{"output-contract-changed", Safe, Info, "a contract of an output or of a function's result changed, which only documents what the provider returns"}
	PatternChanged          = &Rule{"pattern-changed", Source, Warning, "a pattern= changed to another pattern"}
	DeprecatedAdded         = &Rule{"deprecated-added", Safe, Info, "a property was deprecated"}
	DeprecatedRemoved       = &Rule{"deprecated-removed", Safe, Info, "a property is no longer deprecated"}
	DocChanged              = &Rule{"doc-changed", Safe, Info, "a doc comment changed"}
	RuleAdded               = &Rule{"rule-added", Source, Breaking, "a rule across properties (conflictsWith=, requiredWith=, exactlyOneOf=, atLeastOneOf=) was added"}
	RuleRemoved             = &Rule{"rule-removed", Safe, Info, "a rule across properties was removed"}
	CheckAdded              = &Rule{"check-added", Source, Breaking, "a check in CEL (//cidlc:check) was added"}
	CheckChanged            = &Rule{"check-changed", Source, Warning, "a check in CEL changed its expression"}
	CheckRemoved            = &Rule{"check-removed", Safe, Info, "a check in CEL was removed"}

	// Enum values.
	EnumValueRemoved       = &Rule{"enum-value-removed", Source, Breaking, "an enum lost a value, which programs may use"}
	StoredEnumValueRemoved = &Rule{"stored-enum-value-removed", State, Breaking, "an enum lost a value that resources' state, or stacks' configuration, may hold"}
	EnumValueAdded         = &Rule{"enum-value-added", Safe, Info, "an enum gained a value"}
	EnumValueRenamed       = &Rule{"enum-value-renamed", Source, Breaking, "an enum value kept its value but changed its constant's name"}
	EnumValueChanged       = &Rule{"enum-value-changed", State, Breaking, "an enum constant kept its name but changed its value, which state may hold"}
	EnumValueRespelled     = &Rule{"enum-value-respelled", Source, Breaking, "an enum constant kept its name but changed its value, which programs may write as a string"}

	// The provider's configuration (idl.Config): what stacks set with `pulumi config set`, which their
	// configuration keeps. Programs that use a key (acme.config.region, an explicit Provider) are told by
	// the member rules above.
	ConfigKeyRemoved              = &Rule{"config-key-removed", State, Breaking, "a configuration key was removed, so stacks that set it fail to configure the provider"}
	ConfigKeyRenamed              = &Rule{"config-key-renamed", State, Breaking, "a configuration key kept its Go name but changed its key"}
	ConfigKeyAdded                = &Rule{"config-key-added", Safe, Info, "a configuration key was added that stacks need not set"}
	ConfigRequiredAdded           = &Rule{"config-required-added", State, Breaking, "a required configuration key was added"}
	ConfigMadeRequired            = &Rule{"config-made-required", State, Breaking, "an optional configuration key (or one with a default) became required"}
	ConfigTypeChanged             = &Rule{"config-type-changed", State, Breaking, "the type of a configuration key changed, so stacks' values of the old type are refused"}
	ConfigContractNarrowed        = &Rule{"config-contract-narrowed", State, Breaking, "a configuration key's contract accepts fewer values, which stacks may have set"}
	ConfigEnvRemoved              = &Rule{"config-env-removed", State, Warning, "an env= variable of an optional configuration key is no longer read"}
	ConfigRequiredEnvRemoved      = &Rule{"config-required-env-removed", State, Breaking, "an env= variable of a required configuration key is no longer read"}
	ConfigEnvAdded                = &Rule{"config-env-added", Safe, Info, "a configuration key is also read from a new env= variable"}
	ConfigReplacesAdded           = &Rule{"config-replaces-added", State, Breaking, "a change of a configuration key now replaces the provider, and every resource it manages"}
	ConfigReplacesRemoved         = &Rule{"config-replaces-removed", Safe, Info, "a change of a configuration key no longer replaces the provider"}
	ConfigDefaultChanged          = &Rule{"config-default-changed", State, Warning, "a configuration key's default was added, changed or removed"}
	ConfigReplacingDefaultChanged = &Rule{"config-replacing-default-changed", State, Breaking, "the default of a configuration key that replaces the provider was added, changed or removed"}
	ConfigSecretRemoved           = &Rule{"config-secret-removed", State, Breaking, "a configuration key is no longer secret"}
)

// Rules is the catalogue, in the order of docs/breaking.md: the IDL's tree and declarations, then the
// members (properties of resources and fields of structs), then enum values, then the configuration.
// A safe rule is always Info, and an Info rule always safe.
//
// Adding a construct to the IDL (a tag option, a marker's option) means: rules here for what its
// changes do to programs and stacks, one rule per audience where a change breaks both, and a comparison
// that reports them (compare.go for declarations, members.go for properties, config.go for the
// configuration); matching, acceptance and output stay as they are.
var Rules = []*Rule{
	PackageRenamed, ResourceRemoved, ResourceAdded, TokenChanged, ResourceRenamed, KindChanged, NamedResourceAdded,
	NamedResourceRemoved, NameAutonamed, NameVerbatim, TypeRemoved, TypeAdded, TypeMoved, TypeNamespaceChanged, ConstantRemoved,
	ConstantChanged, ConstantAdded, FunctionRemoved, FunctionAdded, FunctionMoved, FunctionNamespaceChanged,
	FunctionRenamed, FunctionArgsAdded,
	PropertyRemoved, WireNameChanged, PropertyRenamed, GoFieldRenamed, RequiredInputAdded, OptionalInputAdded, OutputAdded,
	InputMadeRequired, InputMadeOptional, RequiredInputDefaulted, OutputMadeOptional, OutputMadeRequired, InputBecameOutput,
	OutputBecameInput, InputMadeWriteOnly, InputNowReturned, TypeChanged, StoredTypeChanged, TypeWidened, TypeReferenceChanged,
	ReplacesAdded, ReplacesRemoved, ImmutableAdded, ImmutableRemoved, SecretRemoved, SecretAdded, FunctionSecretRemoved,
	DefaultAdded, DefaultChanged, DefaultRemoved, ReplacingDefaultChanged, FunctionDefaultChanged, ContractNarrowed, ContractWidened,
	OutputContractChanged, PatternChanged, DeprecatedAdded, DeprecatedRemoved, DocChanged, RuleAdded, RuleRemoved, CheckAdded,
	CheckChanged, CheckRemoved, EnumValueRemoved, StoredEnumValueRemoved,
	EnumValueAdded, EnumValueRenamed, EnumValueChanged, EnumValueRespelled,
	ConfigKeyRemoved, ConfigKeyRenamed, ConfigKeyAdded, ConfigRequiredAdded, ConfigMadeRequired, ConfigTypeChanged,
	ConfigContractNarrowed, ConfigEnvRemoved, ConfigRequiredEnvRemoved, ConfigEnvAdded, ConfigReplacesAdded,
	ConfigReplacesRemoved, ConfigDefaultChanged, ConfigReplacingDefaultChanged, ConfigSecretRemoved,
}

// RuleByID returns the rule with the given ID, or nil.
func RuleByID(id string) *Rule {
	i := slices.IndexFunc(Rules, func(r *Rule) bool { return r.ID == id })
	if i < 0 {
		return nil
	}
	return Rules[i]
}
