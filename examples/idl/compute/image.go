package compute

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// ImageFormat is the file format of an uploaded disk image.
type ImageFormat string

const (
	// ImageFormatRaw is a plain byte-for-byte copy of a disk.
	ImageFormatRaw ImageFormat = "raw"
	// ImageFormatQCOW2 is the QEMU copy-on-write format.
	ImageFormatQCOW2 ImageFormat = "qcow2"
	// ImageFormatVMDK is the VMware disk format.
	ImageFormatVMDK ImageFormat = "vmdk"
)

// Image is a private machine image built from an uploaded disk image file. Instances boot from images.
type Image struct {
	idl.NamedResource
	// Source is the disk image file, such as a local file or a URL. It is uploaded once and never read
	// back; changing it builds a new image.
	Source idl.Asset `lumi:"in,replaces"`
	// Format is the file format of Source.
	Format ImageFormat `lumi:"replaces"`
	// Description says what is installed on the image.
	Description *string `lumi:"optional"`
	// Public shares the image with every Acme Cloud account. Defaults to false.
	Public *bool `lumi:"optional"`
	// Tags are labels attached to the image.
	Tags *acme.Tags `lumi:"optional"`
	// ARN is the Acme Resource Name of the image.
	ARN *acme.ARN `lumi:"out"`
	// SizeGiB is the size of the disk the image expands to, in GiB.
	SizeGiB *int `lumi:"out"`
}

// GetImage finds a machine image by its name: one of Acme Cloud's public images, such as
// "ubuntu-24.04", or a private image of the account, built by an Image resource.
type GetImage struct {
	idl.Function
	// Name is the image's name.
	Name string `lumi:"minLength=1,maxLength=128"`
	// ID is the image's identifier, such as "img-0a1b2c3d".
	ID string `lumi:"out"`
	// ARN is the Acme Resource Name of the image.
	ARN acme.ARN `lumi:"out"`
	// Format is the file format the image was built from.
	Format ImageFormat `lumi:"out"`
	// SizeGiB is the size of the disk the image expands to, in GiB.
	SizeGiB int `lumi:"out"`
	// Public says whether the image is shared with every Acme Cloud account.
	Public bool `lumi:"out"`
	// Description says what is installed on the image, when it says.
	Description *string `lumi:"optional,out"`
}
