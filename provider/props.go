package provider

import (
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/structpb"
)

// request holds the property maps that a resource request carries: the resource's state (the olds of
// Diff and Update, the properties of Read and Delete), the new inputs, and the old inputs. Those that a
// request does not carry are empty.
type request struct {
	state, news, oldInputs resource.PropertyMap
}

// readRequest unmarshals the property maps of a request (wire.go). With plain, secrets are unwrapped.
func readRequest(plain bool, state, news, oldInputs *structpb.Struct) (request, error) {
	var r request
	for _, m := range []struct {
		s     *structpb.Struct
		to    *resource.PropertyMap
		label string
	}{{state, &r.state, "state"}, {news, &r.news, "new inputs"}, {oldInputs, &r.oldInputs, "old inputs"}} {
		v, err := unmarshalProperties(m.s, plain)
		if err != nil {
			return r, status.Errorf(codes.InvalidArgument, "%s: %v", m.label, err)
		}
		*m.to = v
	}
	return r, nil
}

// secretKeys returns the top-level properties of the maps that hold a secret anywhere inside. Secrecy is
// carried at that grain: a property with a secret inside comes back secret as a whole, which may hide
// more than needed but never reveals a secret.
func secretKeys(maps ...resource.PropertyMap) map[resource.PropertyKey]bool {
	keys := map[resource.PropertyKey]bool{}
	for _, m := range maps {
		for k, v := range m {
			if v.ContainsSecrets() {
				keys[k] = true
			}
		}
	}
	return keys
}

// withSecrets marks the properties of m named in secrets as secret, in place.
func withSecrets(m resource.PropertyMap, secrets map[resource.PropertyKey]bool) resource.PropertyMap {
	for k := range secrets {
		if v, ok := m[k]; ok && !v.IsSecret() {
			m[k] = resource.MakeSecret(v)
		}
	}
	return m
}

// withDeclaredSecrets marks the properties of m that props declare secret as secret, in place.
func withDeclaredSecrets(props []Property, m resource.PropertyMap) resource.PropertyMap {
	for _, p := range props {
		if v, ok := m[p.Key]; ok && p.Secret && !v.IsSecret() && !v.IsNull() {
			m[p.Key] = resource.MakeSecret(v)
		}
	}
	return m
}

// withDefaults returns m with the default of every input of props it lacks, in a copy; m itself when it
// lacks none.
func withDefaults(props []Property, m resource.PropertyMap) resource.PropertyMap {
	copied := false
	for _, p := range props {
		if p.Default.IsNull() || m.HasValue(p.Key) {
			continue
		}
		if !copied {
			m, copied = m.Copy(), true
		}
		m[p.Key] = p.Default
	}
	return m
}

// outputs turns a marshaled struct into the outputs the engine stores: without `in` properties, with
// secrets kept secret, the spec's secret properties among them.
func (r *Resource[T]) outputs(m resource.PropertyMap, secrets map[resource.PropertyKey]bool) (*structpb.Struct, error) {
	for _, p := range r.spec.Properties {
		if p.In {
			delete(m, p.Key)
		}
	}
	return marshalProperties(withDeclaredSecrets(r.spec.Properties, withSecrets(m, secrets)))
}

// previewOutputs predicts the outputs of a create (olds nil) or an update: the inputs, and each out
// property as it was before, or as a value not known yet.
func (r *Resource[T]) previewOutputs(news, olds resource.PropertyMap) resource.PropertyMap {
	m := news.Copy()
	for _, p := range r.spec.Properties {
		if !p.Out {
			continue
		}
		if v, ok := olds[p.Key]; ok {
			m[p.Key] = v
		} else {
			m[p.Key] = resource.MakeComputed(resource.NewProperty(""))
		}
	}
	return m
}

// withInputs adds to a resource's state the `in` properties of its inputs, which the state never holds,
// so that ops see the whole resource.
func (r *Resource[T]) withInputs(state, inputs resource.PropertyMap) resource.PropertyMap {
	return r.overlay(state, inputs, func(p Property) bool { return p.In })
}

// withOutputs adds to new inputs the out properties of the old state.
func (r *Resource[T]) withOutputs(news, olds resource.PropertyMap) resource.PropertyMap {
	return r.overlay(news, olds, func(p Property) bool { return p.Out })
}

// overlay returns a copy of base with the properties of from that pick selects.
func (r *Resource[T]) overlay(base, from resource.PropertyMap, pick func(Property) bool) resource.PropertyMap {
	m := base.Copy()
	for _, p := range r.spec.Properties {
		if v, ok := from[p.Key]; ok && pick(p) {
			m[p.Key] = v
		}
	}
	return m
}

// decodeChange decodes both sides of a change for ops: the old state with its `in` properties, and the
// new inputs with the old outputs.
func (r *Resource[T]) decodeChange(in request, id resource.ID) (olds, news *T, err error) {
	if olds, err = r.decodeState(r.withInputs(in.state, in.oldInputs), id); err != nil {
		return nil, nil, err
	}
	if news, err = r.decodeState(r.withOutputs(in.news, in.state), id); err != nil {
		return nil, nil, err
	}
	return olds, news, nil
}

// readInputs derives the inputs of a resource that Read returned. On import (no old inputs) every input
// property read is an input. On refresh only the properties the program had set are, so that a default
// the cloud filled in does not show up as a change the program has to make; `in` properties are never
// read back, so they keep the program's values (an import leaves them out) unless Read forgot them
// (Forget), and a name the provider made up stays marked so.
func (r *Resource[T]) readInputs(read, old resource.PropertyMap, forgot *forgotten) resource.PropertyMap {
	in := resource.PropertyMap{}
	if autonamed(old) {
		in[autonamedKey] = old[autonamedKey]
	}
	for _, p := range r.spec.Properties {
		if p.Out {
			continue
		}
		_, wasSet := old[p.Key]
		switch v, ok := read[p.Key]; {
		case p.In:
			if wasSet && !forgot.has(p.Key) {
				in[p.Key] = old[p.Key]
			}
		case ok && (wasSet || len(old) == 0):
			in[p.Key] = v
		}
	}
	return in
}

func (r *Resource[T]) isOut(k resource.PropertyKey) bool {
	for _, p := range r.spec.Properties {
		if p.Key == k {
			return p.Out
		}
	}
	return false
}
