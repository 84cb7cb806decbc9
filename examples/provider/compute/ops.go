package compute

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
	"github.com/cidlc/cidlc/provider"
)

// Providers returns the providers of the compute resources, kept in c.
func Providers(c *cloud.Cloud) []provider.ResourceProvider {
	// The names of instances, images, key pairs and functions are unique in the account.
	return []provider.ResourceProvider{
		NewInstanceProvider(instanceOps{cloud.NewTable[instance](c, Instance).Named(cloud.InAccount, func(i *instance) string { return i.Name })}),
		NewVolumeProvider(volumeOps{cloud.NewTable[volume](c, Volume)}),
		NewImageProvider(imageOps{cloud.NewTable[image](c, Image).Named(cloud.InAccount, func(i *image) string { return i.Name })}),
		NewKeyPairProvider(keyPairOps{cloud.NewTable[keyPair](c, KeyPair).Named(cloud.InAccount, func(k *keyPair) string { return k.Name })}),
		NewFunctionProvider(functionOps{cloud.NewTable[function](c, Function).Named(cloud.InAccount, func(f *function) string { return f.Name })}),
	}
}

type instanceOps struct{ cloud.Table[instance] }

// Create places the instance in its subnet: the subnet decides its addresses and its region.
func (o instanceOps) Create(ctx context.Context, _ resource.URN, in *instance) (resource.ID, error) {
	var sn struct {
		CIDRBlock           string
		AvailabilityZone    *string
		MapPublicIPOnLaunch *bool
	}
	if err := o.Cloud.Get(cloud.Kind(network.Subnet), in.Subnet.ID, &sn); err != nil {
		return "", err
	}
	in.ID = cloud.NewID("i")
	// The first four addresses after the network address are Acme Cloud's.
	addr := netip.MustParsePrefix(sn.CIDRBlock).Addr()
	for range 5 {
		addr = addr.Next()
	}
	in.PrivateIP = new(addr.String())
	if sn.MapPublicIPOnLaunch != nil && *sn.MapPublicIPOnLaunch {
		in.PublicIP = new("203.0.113." + fmt.Sprint(1+addr.As4()[3]%254))
	}
	if in.UserData == nil {
		in.UserData = new(DefaultUserData)
	}
	in.ARN = new(acme.ARN(cloud.ARN("compute", regionOf(*sn.AvailabilityZone), "instance/"+string(in.ID))))
	in.Status = new(InstanceStatusPending)
	if err := o.Put(in.ID, in); err != nil {
		return "", err
	}
	// The instance exists from here on: if it does not boot, the engine keeps it, pending.
	return in.ID, provider.Partial(o.boot(ctx, in))
}

// Update changes the instance, and waits for it to boot if it has not yet (a Create that ran out of
// time left it pending).
func (o instanceOps) Update(ctx context.Context, id resource.ID, olds, news *instance) error {
	if err := o.Put(id, news); err != nil {
		return err
	}
	if news.Status == nil || *news.Status != InstanceStatusPending {
		return nil
	}
	return provider.Partial(o.boot(ctx, news))
}

// boot waits for the pending instance in to boot, and records it running.
func (o instanceOps) boot(ctx context.Context, in *instance) error {
	if err := o.Cloud.Boot(ctx); err != nil {
		return fmt.Errorf("instance %s did not finish booting: %w", in.ID, err)
	}
	in.Status = new(InstanceStatusRunning)
	return o.Put(in.ID, in)
}

// regionOf is the region of an availability zone: us-west-1b is in us-west-1.
func regionOf(zone string) string {
	return strings.TrimRight(zone, "abcdefghijklmnopqrstuvwxyz")
}

type volumeOps struct{ cloud.Table[volume] }

func (o volumeOps) Create(_ context.Context, _ resource.URN, v *volume) (resource.ID, error) {
	id := cloud.NewID("vol")
	v.ARN = new(acme.ARN(cloud.ARN("compute", regionOf(v.AvailabilityZone), "volume/"+string(id))))
	v.DeviceName = deviceName(v)
	return id, o.Put(id, v)
}

func (o volumeOps) Update(_ context.Context, id resource.ID, _, news *volume) error {
	news.DeviceName = deviceName(news)
	return o.Put(id, news)
}

func deviceName(v *volume) *string {
	if v.Instance == nil {
		return nil
	}
	return new("/dev/vdb")
}

func (volumeOps) Check(_ context.Context, _ resource.URN, v *volume) ([]provider.CheckFailure, error) {
	if v.IOPS != nil && v.Kind != VolumeKindProvisionedSSD {
		return []provider.CheckFailure{provider.Failf("iops", "only provisioned-ssd volumes have guaranteed IOPS")}, nil
	}
	return nil, nil
}

// Diff replaces a volume that shrinks: volumes grow in place but never shrink.
func (volumeOps) Diff(_ context.Context, _ resource.ID, olds, news *volume, diff *provider.Diff) error {
	if news.SizeGiB < olds.SizeGiB {
		diff.Replace("size")
	}
	return nil
}

type imageOps struct{ cloud.Table[image] }

func (o imageOps) Create(_ context.Context, _ resource.URN, img *image) (resource.ID, error) {
	data, err := img.Source.Bytes()
	if err != nil {
		return "", fmt.Errorf("reading the image source: %w", err)
	}
	id := cloud.NewID("img")
	img.ARN = new(acme.ARN(cloud.ARN("compute", "", "image/"+string(id))))
	// A disk expands to at least 8 GiB, in whole GiB.
	img.SizeGiB = new(max(8, (len(data)+1<<30-1)>>30))
	return id, o.Put(id, img)
}

type keyPairOps struct{ cloud.Table[keyPair] }

func (o keyPairOps) Create(_ context.Context, _ resource.URN, k *keyPair) (resource.ID, error) {
	f := strings.Fields(k.PublicKey)
	if len(f) < 2 {
		return "", fmt.Errorf("not an OpenSSH public key: %q", k.PublicKey)
	}
	blob, err := base64.StdEncoding.DecodeString(f[1])
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(blob)
	k.Fingerprint = new("SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:]))
	id := cloud.NewID("key")
	return id, o.Put(id, k)
}

func (keyPairOps) Check(_ context.Context, _ resource.URN, k *keyPair) ([]provider.CheckFailure, error) {
	f := strings.Fields(k.PublicKey)
	if len(f) < 2 || !strings.HasPrefix(f[0], "ssh-") && !strings.HasPrefix(f[0], "ecdsa-") {
		return []provider.CheckFailure{provider.Failf("publicKey", "not an OpenSSH public key")}, nil
	}
	if _, err := base64.StdEncoding.DecodeString(f[1]); err != nil {
		return []provider.CheckFailure{provider.Failf("publicKey", "the key is not valid base64: %v", err)}, nil
	}
	return nil, nil
}

type functionOps struct{ cloud.Table[function] }

func (o functionOps) Create(_ context.Context, _ resource.URN, fn *function) (resource.ID, error) {
	id := cloud.NewID("fn")
	region := o.Cloud.Region()
	if fn.Region != nil {
		region = string(*fn.Region)
	}
	fn.ARN = new(acme.ARN(cloud.ARN("compute", region, "function/"+fn.Name)))
	fn.InvokeURL = new(fmt.Sprintf("https://%s.fn.%s.acme.example/", id, region))
	return id, o.Update(context.Background(), id, nil, fn)
}

// Update deploys the code again, which changes its hash, and subscribes the function to the object
// events of its event sources, each of which must be a bucket of the cloud. The cloud keeps the deployed
// code, not the archives it came from.
func (o functionOps) Update(_ context.Context, id resource.ID, _, news *function) error {
	if err := news.Code.EnsureHash(); err != nil {
		return err
	}
	if news.EventSources != nil {
		for _, src := range *news.EventSources {
			if err := o.Cloud.Get(cloud.Kind(storage.Bucket), src.ID, &struct{}{}); err != nil {
				return fmt.Errorf("event source %s: %w", src.URN.Name(), err)
			}
		}
	}
	sum, err := hex.DecodeString(news.Code.Hash)
	if err != nil {
		return err
	}
	news.CodeSHA256 = new(base64.StdEncoding.EncodeToString(sum))
	deployed := *news
	deployed.Code, deployed.Layer = nil, nil
	return o.Put(id, &deployed)
}

// Read keeps the archives of the last known state: the cloud does not give them back.
func (o functionOps) Read(ctx context.Context, id resource.ID, fn *function) error {
	code, layer := fn.Code, fn.Layer
	if err := o.Table.Read(ctx, id, fn); err != nil {
		return err
	}
	fn.Code, fn.Layer = code, layer
	return nil
}
