package gen

// The words a generated name gets when the name it would have is taken (see Names.Generated): the kind
// of the declaration it is generated for.
const (
	KindResource = "Resource" // a resource: BucketResourceArgs, BucketResourceProvider
	KindType     = "Type"     // a struct or an alias: RuleTypeArgs, UnmarshalRuleType
	KindFunction = "Function" // a function (idl.Function): GetBucketFunctionArgs
)

// Names is one namespace of an output (a Go package of the stubs, a TypeScript module with its barrel),
// holding the names the IDL's author wrote and the names a backend generates beside them (BucketArgs,
// BucketState, BucketProvider, UnmarshalRule), so that the two never meet.
//
// The author's names are theirs: every output keeps them as they are, and two of them that meet are an
// error of the IDL, which the backend reports (Reserve). A name a backend makes up gives way instead
// (Generated): a generated name that is taken, by an author's name or by a name generated before it, gets
// the kind of its declaration inserted after the declaration's name, so that enum MilestoneState and the
// state of resource Milestone become MilestoneState and MilestoneResourceState, and struct BucketArgs and
// the arguments of resource Bucket become BucketArgs and BucketResourceArgs. Should that name be taken
// too, underscores are appended until it is free. A backend reserves every author name of the namespace
// first, then generates names declaration by declaration in source order, so the result depends on the
// IDL alone.
type Names struct {
	taken map[string]bool
}

// NewNames returns an empty namespace.
func NewNames() *Names { return &Names{taken: map[string]bool{}} }

// Reserve records a name the author wrote. It reports false when the name is already taken: two
// declarations of the author that the output would name alike.
func (ns *Names) Reserve(name string) bool {
	if ns.taken[name] {
		return false
	}
	ns.taken[name] = true
	return true
}

// Taken reports whether name is taken.
func (ns *Names) Taken(name string) bool { return ns.taken[name] }

// Generated takes and returns the name that a backend generates for the declaration decl: prefix + decl
// + suffix (BucketArgs, UnmarshalRule), or if that is taken, prefix + decl + kind + suffix
// (BucketResourceArgs, UnmarshalRuleType), or that with underscores appended until it is free.
func (ns *Names) Generated(prefix, decl, kind, suffix string) string {
	// The name with the kind is made only when the name without is taken, which is rare: both would
	// be a string of their own for every name of every declaration.
	if name := prefix + decl + suffix; !ns.taken[name] {
		ns.taken[name] = true
		return name
	}
	return ns.Claim(prefix + decl + kind + suffix)
}

// Claim takes and returns the first of candidates that is free, or the last with underscores appended
// until it is free. A name derived from one Generated returned (NewBucketResourceProvider from
// BucketResourceProvider) is claimed alone, so that it follows the name it is derived from.
func (ns *Names) Claim(candidates ...string) string {
	for _, c := range candidates {
		if !ns.taken[c] {
			ns.taken[c] = true
			return c
		}
	}
	name := candidates[len(candidates)-1]
	for ns.taken[name] {
		name += "_"
	}
	ns.taken[name] = true
	return name
}
