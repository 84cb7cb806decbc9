package compute

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Functions returns the providers of the compute functions, answered from c.
func Functions(c *cloud.Cloud) []provider.FunctionProvider {
	return []provider.FunctionProvider{
		NewGetImageProvider(getImageOps{cloud.NewTable[image](c, Image)}),
	}
}

// publicImage is one of the images Acme Cloud offers every account.
type publicImage struct {
	id          string
	sizeGiB     int
	description string
}

// publicImages are Acme Cloud's public images, by name.
var publicImages = map[string]publicImage{
	"ubuntu-24.04": {id: "img-2404a1b2c3", sizeGiB: 8, description: "Ubuntu 24.04 LTS with acme-init"},
	"debian-12":    {id: "img-12deb1a2c3", sizeGiB: 8, description: "Debian 12 with acme-init"},
}

type getImageOps struct{ images cloud.Table[image] }

// Invoke finds a public image by its name, or else one of the account's own, which Image resources
// built. A name that is neither fails the call for the name.
func (o getImageOps) Invoke(_ context.Context, q *getImage) error {
	if p, ok := publicImages[q.Name]; ok {
		// Public images belong to Acme Cloud itself, in every region: the provider's names them.
		q.ID, q.Format, q.SizeGiB, q.Public = p.id, ImageFormatRaw, p.sizeGiB, true
		q.ARN = acme.ARN(fmt.Sprintf("arn:acme:compute:%s:acme:image/%s", o.images.Cloud.Region(), p.id))
		q.Description = new(p.description)
		return nil
	}
	ids, err := o.images.Cloud.List(o.images.Kind)
	if err != nil {
		return err
	}
	for _, id := range ids {
		img, err := o.images.Get(id)
		if err != nil {
			return err
		}
		if img.Name != q.Name {
			continue
		}
		q.ID, q.Format, q.Description = string(id), img.Format, img.Description
		q.ARN, q.SizeGiB = *img.ARN, *img.SizeGiB
		q.Public = img.Public != nil && *img.Public
		return nil
	}
	return &provider.CheckError{Failures: []provider.CheckFailure{provider.Failf("name",
		"no image named %q: Acme Cloud's public images are %s, and the account's own are those its Image resources built",
		q.Name, strings.Join(slices.Sorted(maps.Keys(publicImages)), ", "))}}
}
