package synth

import (
	"fmt"
	"strconv"
	"strings"
)

// word is a property name and the rest of its doc sentence (%s is the resource's noun, lower-cased).
type word struct{ name, doc string }

var (
	stringWords = []word{{"Description", "is a human-readable description of the %s."},
		{"DisplayName", "is the name the console shows for the %s."}, {"Hostname", "is the DNS name of the %s."},
		{"Version", "is the software version the %s runs."}, {"Owner", "is the team accountable for the %s."},
		{"Comment", "is a free-form note about the %s."}, {"Prefix", "is prepended to the names the %s creates."},
		{"Path", "is the path under which the %s is published."}, {"Zone", "is the availability zone of the %s."},
		{"KmsKeyID", "is the key that encrypts the %s at rest."}, {"Schedule", "is a cron expression for the %s's jobs."}}
	floatWords = []word{{"Port", "is the port the %s listens on."}, {"SizeGiB", "is the size of the %s in GiB."},
		{"Capacity", "is how many units the %s can serve at once."}, {"TimeoutSeconds", "bounds each operation of the %s."},
		{"Retries", "is how often the %s retries a failed operation."}, {"Priority", "orders the %s among its peers."},
		{"Weight", "is the share of traffic the %s receives."}, {"RetentionDays", "is how long the %s keeps data."},
		{"Replicas", "is the number of copies of the %s."}}
	boolWords = []word{{"Enabled", "turns the %s on. Defaults to true."}, {"Public", "makes the %s reachable from anywhere."},
		{"Encrypted", "encrypts the %s at rest."}, {"Versioned", "keeps old versions of the %s's data."},
		{"DeletionProtection", "prevents the %s from being deleted."}, {"Verbose", "makes the %s log more."}}
	listWords = []word{{"Aliases", "are alternative names of the %s."}, {"Hosts", "are the hosts the %s serves."},
		{"Zones", "are the zones the %s spans."}, {"CIDRBlocks", "are the address ranges allowed to reach the %s."},
		{"AllowedOrigins", "are the web origins allowed to call the %s."}, {"Commands", "are run when the %s starts."}}
	mapWords = []word{{"Labels", "are searchable labels of the %s."}, {"Annotations", "are notes tools attach to the %s."},
		{"Environment", "are environment variables of the %s."}, {"Parameters", "tune the %s's engine."}}
	secretWords = []word{{"Password", "is the %s's admin password; it is never read back."},
		{"Token", "authenticates the %s to its peers; it is never read back."}}
	outWords = []word{{"Status", "is the state the %s is in."}, {"CreatedAt", "is when the %s was created, in RFC 3339."},
		{"Fingerprint", "is a hash of the %s's configuration."}, {"URL", "is the address that reaches the %s."},
		{"PublicIP", "is the public address of the %s."}}
	structSuffixes = []string{"Spec", "Config", "Settings", "Options", "Rule"}
	enumSuffixes   = []string{"Mode", "Tier", "Class", "Kind"}
	enumValues     = []string{"standard", "premium", "basic", "archive", "fast", "slow", "hot", "cold", "shared", "dedicated"}
)

// field is one struct field as written.
type field struct{ name, typ, tag, doc string }

// fields collects the fields of one struct and keeps their wire names unique. A wire name only changes
// the case of the Go name, so names that differ when lower-cased have different wire names.
type fields struct {
	list []field
	used map[string]bool
	noun string // lower-cased noun for docs
}

func newFields(noun string) *fields {
	// name, id and urn are reserved on resources (or added by NamedResource); keep them out everywhere.
	used := map[string]bool{"name": true, "id": true, "urn": true, "getprovider": true, "constructor": true}
	return &fields{used: used, noun: strings.ToLower(noun)}
}

// add appends a field, numbering its name when it is taken. doc follows the name in the doc comment.
func (fs *fields) add(name, typ, tag, doc string) {
	base := name
	for n := 2; fs.used[strings.ToLower(name)]; n++ {
		name = base + strconv.Itoa(n)
	}
	fs.used[strings.ToLower(name)] = true
	fs.list = append(fs.list, field{name, typ, tag, name + " " + strings.ReplaceAll(doc, "%s", fs.noun)})
}

// shape is what a file knows while it draws one struct's properties.
type shape struct {
	*file
	fs       *fields
	resource bool   // resource properties may be replaces/in; plain struct properties may not
	enum     string // the file's own enum type, or ""
	enumProp string // the name of a property of that enum type
	once     map[string]bool
}

// pick draws a word, preferring one the struct does not use yet: numbered duplicates (Verbose2) are
// left for when a pool is used up.
func (s *shape) pick(ws []word) word {
	i := s.g.rng.IntN(len(ws))
	for j := range ws {
		if w := ws[(i+j)%len(ws)]; !s.fs.used[strings.ToLower(w.name)] {
			return w
		}
	}
	return ws[i]
}

func (s *shape) chance(pct int) bool { return s.g.rng.IntN(100) < pct }

// replaces adds the replaces option to a resource property, now and then.
func (s *shape) replaces(tag string) string {
	if !s.resource || !s.chance(20) {
		return tag
	}
	if tag == "" {
		return "replaces"
	}
	return tag + ",replaces"
}

// input adds one input property of a randomly chosen kind; the weights approximate real providers, where
// optional scalars dominate.
func (s *shape) input() {
	r := s.g.rng
	for {
		switch k := r.IntN(20); {
		case k < 3:
			w := s.pick(stringWords)
			s.fs.add(w.name, "string", s.replaces(""), w.doc)
		case k < 6:
			w := s.pick(stringWords)
			s.fs.add(w.name, "*string", s.replaces("optional"), w.doc)
		case k < 8:
			w := s.pick(floatWords)
			if s.chance(50) {
				s.fs.add(w.name, "float64", "", w.doc)
			} else {
				s.fs.add(w.name, "*float64", "optional", w.doc)
			}
		case k < 10:
			w := s.pick(boolWords)
			s.fs.add(w.name, "*bool", s.replaces("optional"), w.doc)
		case k < 12:
			w := s.pick(listWords)
			if s.chance(40) {
				s.fs.add(w.name, "[]string", "", w.doc)
			} else {
				s.fs.add(w.name, "*[]string", "optional", w.doc)
			}
		case k == 12 && s.first("ports"):
			s.fs.add("Ports", "*[]float64", "optional", "are the ports the %s accepts traffic on.")
		case k == 13:
			w := s.pick(mapWords)
			if s.chance(70) {
				s.fs.add(w.name, "*map[string]string", "optional", w.doc)
			} else {
				s.fs.add(w.name+"Weights", "map[string]float64", "", "weigh the %s's "+strings.ToLower(w.name)+".")
			}
		case k == 14 && s.first("tags"):
			s.fs.add("Tags", "*"+s.root("Tags"), "optional", "are labels attached to the %s.")
		case k == 15 && s.first("region"):
			if s.chance(50) {
				s.fs.add("Region", s.root("Region"), s.replaces(""), "is the region the %s lives in.")
			} else {
				s.fs.add("Region", "*"+s.root("Region"), s.replaces("optional"), "is the region of the %s; defaults to DefaultRegion.")
			}
		case k == 16 && s.first("window"):
			s.fs.add("MaintenanceWindow", "*"+s.root("Window"), "optional", "is when the %s may be restarted.")
		case k == 17 && s.enum != "" && s.first("enum"):
			s.enumField()
		case k == 18 && s.resource:
			w := s.pick(secretWords)
			s.fs.add(w.name, "*string", "optional,in", w.doc)
		case k == 19 && s.resource:
			s.rare()
		default:
			continue // a kind that does not apply here, or is used up: draw again
		}
		return
	}
}

// enumField adds a property of the file's own enum.
func (s *shape) enumField() {
	if s.chance(50) {
		s.fs.add(s.enumProp, s.enum, "", "selects how the %s behaves.")
	} else {
		s.fs.add(s.enumProp, "*"+s.enum, "optional", "selects how the %s behaves; the provider picks one by default.")
	}
}

// first reports whether a once-per-struct kind is still unused, and marks it used.
func (s *shape) first(kind string) bool {
	if s.once[kind] {
		return false
	}
	s.once[kind] = true
	return true
}

// rare adds one of the kinds real IDLs use sparingly: untyped values, assets, archives, any-resource.
func (s *shape) rare() {
	switch s.g.rng.IntN(4) {
	case 0:
		s.fs.add("Metadata", "interface{}", "", "is arbitrary JSON-like data kept with the %s.")
	case 1:
		s.fs.add("Source", "idl.Asset", "in,replaces", "is the content the %s is built from; it is never read back.")
	case 2:
		s.fs.add("Bundle", "*idl.Archive", "optional", "is an archive of extra files for the %s.")
	default:
		s.fs.add("Target", "*idl.Resource", "optional", "is any resource the %s acts on.")
	}
}

// resource writes the i-th resource of the file's package: an optional constant, an optional enum, the
// resource type, and an optional nested struct.
func (f *file) resource(i int, res resource) {
	r := f.g.rng
	noun := strings.ToLower(res.noun)
	s := &shape{file: f, fs: newFields(res.noun), resource: true, once: map[string]bool{}}

	if s.chance(25) {
		c := res.name + "MaxItems"
		fmt.Fprintf(&f.body, "// %s is the most items one %s holds.\nconst %s float64 = %d\n\n", c, noun, c, 10*(1+r.IntN(100)))
	}
	if s.chance(35) {
		s.enumProp = enumSuffixes[r.IntN(len(enumSuffixes))]
		s.enum = res.name + s.enumProp
		fmt.Fprintf(&f.body, "// %s selects how %s behaves.\ntype %s string\n\nconst (\n", s.enum, article(noun), s.enum)
		vals := append([]string(nil), enumValues...)
		r.Shuffle(len(vals), func(a, b int) { vals[a], vals[b] = vals[b], vals[a] })
		for _, v := range vals[:2+r.IntN(4)] {
			c := s.enum + upperFirst(v)
			fmt.Fprintf(&f.body, "\t// %s is the %s %s.\n\t%s %s = %q\n", c, v, strings.ToLower(s.enumProp), c, s.enum, v)
		}
		f.body.WriteString(")\n\n")
	}

	total, outs := 8+r.IntN(8), 1+r.IntN(3)
	for range r.IntN(4) {
		f.addCapability(s.fs, i)
	}
	if s.enum != "" && s.first("enum") { // an enum nothing uses would be unrealistic
		s.enumField()
	}
	var nested *shape // written after the resource, as in hand-written IDLs
	var nestedType string
	if s.chance(60) {
		suffix := structSuffixes[r.IntN(len(structSuffixes))]
		typ := res.name + suffix
		nestedType = typ
		switch r.IntN(3) {
		case 0:
			s.fs.add(suffix, typ, "", "configures the %s.")
		case 1:
			s.fs.add(suffix, "*"+typ, "optional", "configures the %s; defaults apply when it is not given.")
		default:
			s.fs.add(plural(suffix), "*[]"+typ, "optional", "are applied to the %s in order.")
		}
		nested = &shape{file: f, fs: newFields(res.noun), enum: s.enum, enumProp: s.enumProp, once: map[string]bool{}}
		for range 3 + r.IntN(4) {
			nested.input()
		}
	}
	for len(s.fs.list) < total-outs {
		s.input()
	}
	if s.chance(60) {
		s.fs.add("ARN", "*"+f.root("ARN"), "out", "is the resource name of the %s.")
		outs--
	}
	for range outs {
		w := s.pick(outWords)
		s.fs.add(w.name, "*string", "out", w.doc+" Set by the provider.")
	}
	embed := "idl.Resource"
	if s.chance(50) {
		embed = "idl.NamedResource"
	}
	f.writeStruct(res.name, "is a synthetic "+noun+" resource.", embed, s.fs)
	if nested != nil {
		f.writeStruct(nestedType, "is part of the configuration of "+article(noun)+".", "", nested.fs)
	}
}

// addCapability adds a reference to another resource, in one of the shapes capabilities take.
func (f *file) addCapability(fs *fields, own int) {
	typ, noun := f.capability(own)
	if typ == "" {
		return
	}
	one, many := "the "+strings.ToLower(noun), "the "+strings.ToLower(plural(noun))
	if fs.used[strings.ToLower(noun)] || fs.used[strings.ToLower(plural(noun))] {
		noun, one, many = "Secondary"+noun, "a second "+strings.ToLower(noun), "more "+strings.ToLower(plural(noun))
	}
	switch f.g.rng.IntN(5) {
	case 0:
		fs.add(noun, typ, "", "is "+one+" the %s depends on.")
	case 1:
		fs.add(noun, typ, "replaces", "is "+one+" the %s depends on. Changing it replaces the %s.")
	case 2:
		fs.add(noun, typ, "optional", "is "+one+" the %s may use.")
	case 3:
		fs.add(plural(noun), "[]"+typ, "", "are "+many+" the %s uses.")
	default:
		fs.add(plural(noun), "*[]"+typ, "optional", "are "+many+" the %s may use.")
	}
}

// writeStruct writes a struct type; embed is the idl marker of a resource, or "".
func (f *file) writeStruct(name, doc, embed string, fs *fields) {
	fmt.Fprintf(&f.body, "// %s %s\ntype %[1]s struct {\n", name, doc)
	if embed != "" {
		f.body.WriteString("\t" + embed + "\n")
	}
	for _, fl := range fs.list {
		fmt.Fprintf(&f.body, "\t// %s\n\t%s %s", fl.doc, fl.name, fl.typ)
		if fl.tag != "" {
			fmt.Fprintf(&f.body, " `lumi:%q`", fl.tag)
		}
		f.body.WriteString("\n")
	}
	f.body.WriteString("}\n\n")
}

func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "y") && !strings.ContainsAny(s[len(s)-2:len(s)-1], "aeiou"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"): // Settings, Options
		return s
	}
	return s + "s"
}

func article(noun string) string {
	if strings.ContainsAny(noun[:1], "aeiou") {
		return "an " + noun
	}
	return "a " + noun
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }
