package provider

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
)

// The signatures of the wire's special objects, for the seeds.
const (
	sigKey     = `"4dabf18193072939515e22adb298388d"`
	secretSig  = `"1b47061264138c4ac30d75fd1eb44270"`
	assetSig   = `"c44067f5952c0a294b673a41bacd8c17"`
	archiveSig = `"0def7320c3a5731c473e5ecbe6d01bc7"`
	refSig     = `"5cf8f73096256a8f31e491e813e4eb8e"`
	outputSig  = `"d0e6a833031e9bbcd3f4e8bde6ca49a4"`
	bytesSig   = `"803fd3297a5875dc03ca845dda5d2a98"`
)

// wireSeeds are wire objects (as JSON) of every kind the engine sends, and malformed ones.
var wireSeeds = []string{
	`{}`,
	`{"a": null, "b": true, "c": 3.5, "d": "text", "e": [1, null, "x"], "f": {"g": {"h": null, "i": []}}}`,
	`{"password": {` + sigKey + `: ` + secretSig + `, "value": "hunter2"}}`,
	`{"s": {` + sigKey + `: ` + secretSig + `, "value": {"user": "u", "token": "t0k", "deep": [{"k": "v"}]}}}`,
	`{"s": {` + sigKey + `: ` + secretSig + `}}`,
	`{"s": {` + sigKey + `: ` + secretSig + `, "value": null}}`,
	`{"u": "04da6b54-80e4-46f7-96ec-b56ff0331ba9", "n": "3eeb2bf0-c639-47a8-9e75-3b44932eb421", "b": "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
	  "l": "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2", "o": "dd056dcd-154b-4c76-9bd3-c8f88648b5ff", "as": "030794c1-ac77-496b-92df-f27374a8bd58",
	  "ar": "e48ece36-62e2-4504-bad9-02848725956a"}`,
	`{"asset": {` + sigKey + `: ` + assetSig + `, "text": "hello", "hash": "abc"}, "path": {` + sigKey + `: ` + assetSig + `, "path": "a/b"}}`,
	`{"badAsset": {` + sigKey + `: ` + assetSig + `, "text": 3}}`,
	`{"archive": {` + sigKey + `: ` + archiveSig + `, "assets": {"index.js": {` + sigKey + `: ` + assetSig + `, "text": "x"},
	  "sub": {` + sigKey + `: ` + archiveSig + `, "uri": "https://example.com/a.zip"}}}}`,
	`{"badArchive": {` + sigKey + `: ` + archiveSig + `, "assets": {"x": 1}}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": "urn:pulumi:dev::p::acme:network/vpc:VPC::main", "id": "vpc-1", "packageVersion": "1.0.0"}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": "urn:pulumi:dev::p::acme:network/vpc:VPC::main", "id": "04da6b54-80e4-46f7-96ec-b56ff0331ba9"}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": "not a urn", "name": "n", "type": "t:m:T", "id": ""}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": 3}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": "u", "id": 4}}`,
	`{"ref": {` + sigKey + `: ` + refSig + `, "urn": "u", "id": {` + sigKey + `: ` + outputSig + `, "value": "i-1"}}}`,
	`{"out": {` + sigKey + `: ` + outputSig + `, "value": {"a": 1}, "secret": true, "dependencies": ["urn:x"]}, "unknown": {` + sigKey + `: ` + outputSig + `}}`,
	`{"out": {` + sigKey + `: ` + outputSig + `, "secret": "yes"}}`,
	`{"bytes": {` + sigKey + `: ` + bytesSig + `, "value": "aGVsbG8="}}`,
	`{"bytes": {` + sigKey + `: ` + bytesSig + `, "value": "not base64!"}}`,
	`{"odd": {` + sigKey + `: "no such signature"}}`,
}

// FuzzWire: the runtime's codec (wire.go) reads every wire object as the SDK's plugin.UnmarshalProperties
// does with the runtime's options, secrets kept or plain, fails where it fails (with the same messages, copied), and writes what it read
// back as plugin.MarshalProperties does. The runtime's codec exists only to marshal without the SDK's
// logging of values; it must mean nothing else.
func FuzzWire(f *testing.F) {
	for _, s := range wireSeeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, plain bool) {
		var m map[string]any
		if json.Unmarshal(data, &m) != nil {
			return
		}
		s, err := structpb.NewStruct(m)
		if err != nil {
			return
		}
		opts := wire
		opts.KeepSecrets = !plain
		want, wantErr, panicked := sdkUnmarshal(s, opts)
		if panicked {
			return // the SDK's own assertion: no answer to compare with
		}
		got, err := unmarshalProperties(s, plain)
		// (Not the messages: an archive's names the first bad member it meets, in map order.)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: unmarshal error %v, the SDK's %v", data, err, wantErr)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: unmarshaled %#v, the SDK %#v", data, got, want)
		}
		back, err := marshalProperties(got)
		wantBack, wantErr := plugin.MarshalProperties(got, wire)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: marshal error %v, the SDK's %v", data, err, wantErr)
		}
		if err == nil && !proto.Equal(back, wantBack) {
			t.Fatalf("%s: marshaled %v, the SDK %v", data, back, wantBack)
		}
	})
}

// sdkUnmarshal is the SDK's unmarshaling, which asserts (panics) on a few malformed inputs.
func sdkUnmarshal(s *structpb.Struct, opts plugin.MarshalOptions) (m resource.PropertyMap, err error, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	m, err = plugin.UnmarshalProperties(s, opts)
	return m, err, false
}

// TestWireValuesTheSDKMakes: values that no JSON seed holds (unknowns inside secrets, outputs, references
// with unknown IDs, non-UTF-8 strings) marshal as the SDK marshals them.
func TestWireValuesTheSDKMakes(t *testing.T) {
	for _, m := range []resource.PropertyMap{
		{"a": resource.MakeSecret(resource.MakeComputed(resource.NewProperty("")))},
		{"o": resource.NewProperty(resource.Output{Element: resource.NewProperty(3.0), Known: true, Secret: true})},
		{"o": resource.NewProperty(resource.Output{Secret: true})},
		{"r": resource.MakeCustomResourceReference("urn:pulumi:dev::p::t:m:T::n", "", "")},
		{"r": resource.MakeComponentResourceReference("urn:pulumi:dev::p::t:m:T::n", "1.0.0")},
		{"l": resource.NewProperty([]resource.PropertyValue{resource.NewNullProperty(), resource.MakeComputed(resource.NewProperty(0.0))})},
		{"bad": resource.NewProperty("\xff")},
	} {
		got, err := marshalProperties(m)
		want, wantErr := plugin.MarshalProperties(m, wire)
		if (err != nil) != (wantErr != nil) || err == nil && !proto.Equal(got, want) {
			t.Errorf("marshal %v = %v, %v; the SDK %v, %v", m, got, err, want, wantErr)
		}
	}
}
