package iam

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Providers returns the providers of the iam resources, kept in c.
func Providers(c *cloud.Cloud) []provider.ResourceProvider {
	// Identities and policies have names unique in the account.
	return []provider.ResourceProvider{
		NewRoleProvider(roleOps{cloud.NewTable[role](c, Role).Named(cloud.InAccount, func(r *role) string { return r.Name })}),
		NewPolicyProvider(policyOps{cloud.NewTable[policy](c, Policy).Named(cloud.InAccount, func(p *policy) string { return p.Name })}),
		NewPolicyAttachmentProvider(policyAttachmentOps{cloud.NewTable[policyAttachment](c, PolicyAttachment)}),
		NewUserProvider(userOps{cloud.NewTable[user](c, User).Named(cloud.InAccount, func(u *user) string { return u.Name })}),
		NewGroupProvider(groupOps{cloud.NewTable[group](c, Group).Named(cloud.InAccount, func(g *group) string { return g.Name })}),
		NewAccessKeyProvider(accessKeyOps{cloud.NewTable[accessKey](c, AccessKey)}),
	}
}

// arn is the ARN of an identity: IAM is global, and paths are part of names.
func arn(kind string, path *string, name string) *acme.ARN {
	p := "/"
	if path != nil {
		p = *path
	}
	return new(acme.ARN(cloud.ARN("iam", "", kind+p+name)))
}

// checkDocument makes sure that a policy document is a JSON object with statements.
func checkDocument(property string, doc any) []provider.CheckFailure {
	m, ok := doc.(map[string]any)
	if !ok {
		return []provider.CheckFailure{provider.Failf(property, "a policy document is a JSON object, not %T", doc)}
	}
	if _, ok := m["Statement"].([]any); !ok {
		return []provider.CheckFailure{provider.Failf(property, "a policy document needs a Statement list")}
	}
	return nil
}

type roleOps struct{ cloud.Table[role] }

func (o roleOps) Create(_ context.Context, _ resource.URN, r *role) (resource.ID, error) {
	id := cloud.NewID("role")
	r.ARN = arn("role", r.Path, r.Name)
	r.UniqueID = new("AROA" + strings.ToUpper(cloud.RandomHex(8)))
	return id, o.Put(id, r)
}

// Check checks what the IDL cannot say: the shape of the trust policy. The range of
// maxSessionDuration is the IDL's contract (min=, max=), which Check enforced before this hook runs.
func (roleOps) Check(_ context.Context, _ resource.URN, r *role) ([]provider.CheckFailure, error) {
	return checkDocument("assumeRolePolicy", r.AssumeRolePolicy), nil
}

type policyOps struct{ cloud.Table[policy] }

func (o policyOps) Create(_ context.Context, _ resource.URN, p *policy) (resource.ID, error) {
	id := cloud.NewID("policy")
	p.ARN = arn("policy", p.Path, p.Name)
	p.DefaultVersionID = new("v1")
	p.AttachmentCount = new(0)
	return id, o.Put(id, p)
}

// Update makes a changed document the policy's new default version.
func (o policyOps) Update(_ context.Context, id resource.ID, olds, news *policy) error {
	if !reflect.DeepEqual(olds.Document, news.Document) {
		v, _ := strconv.Atoi(strings.TrimPrefix(*olds.DefaultVersionID, "v"))
		news.DefaultVersionID = new(fmt.Sprintf("v%d", v+1))
	}
	return o.Put(id, news)
}

func (policyOps) Check(_ context.Context, _ resource.URN, p *policy) ([]provider.CheckFailure, error) {
	return checkDocument("document", p.Document), nil
}

type policyAttachmentOps struct{ cloud.Table[policyAttachment] }

func (o policyAttachmentOps) Create(_ context.Context, _ resource.URN, a *policyAttachment) (resource.ID, error) {
	id := cloud.NewID("attachment")
	return id, o.Put(id, a)
}

// Check accepts only identities as targets: the IDL can only say "any resource".
func (policyAttachmentOps) Check(_ context.Context, _ resource.URN, a *policyAttachment) ([]provider.CheckFailure, error) {
	switch t := a.Target.URN.Type(); {
	case a.Target.URN == "" || t == Role || t == User || t == Group:
		return nil, nil
	default:
		return []provider.CheckFailure{provider.Failf("target", "policies attach to roles, users and groups, not to a %s", t)}, nil
	}
}

type userOps struct{ cloud.Table[user] }

func (o userOps) Create(ctx context.Context, _ resource.URN, u *user) (resource.ID, error) {
	id := cloud.NewID("user")
	u.ARN = arn("user", u.Path, u.Name)
	u.UserID = new("AIDA" + strings.ToUpper(cloud.RandomHex(8)))
	return id, o.Update(ctx, id, nil, u)
}

// Update stores the user with a hash of its password, which Acme Cloud keeps instead of the password:
// Read gives back the hash, which the provider, since the IDL declares the password write-only (in),
// never takes for the password.
func (o userOps) Update(_ context.Context, id resource.ID, _, news *user) error {
	stored := *news
	if news.Password != nil {
		sum := sha256.Sum256([]byte(*news.Password))
		stored.Password = new("sha256:" + hex.EncodeToString(sum[:]))
	}
	return o.Put(id, &stored)
}

type groupOps struct{ cloud.Table[group] }

func (o groupOps) Create(_ context.Context, _ resource.URN, g *group) (resource.ID, error) {
	id := cloud.NewID("group")
	g.ARN = arn("group", g.Path, g.Name)
	return id, o.Put(id, g)
}

type accessKeyOps struct{ cloud.Table[accessKey] }

// Create issues the key pair; with a PGP key, the secret comes back only in encrypted form.
func (o accessKeyOps) Create(_ context.Context, _ resource.URN, k *accessKey) (resource.ID, error) {
	k.ID = resource.ID("AKIA" + strings.ToUpper(cloud.RandomHex(8)))
	secret := cloud.RandomHex(20)
	if k.PGPKey != nil {
		sealed, _ := json.Marshal(map[string]string{"pgp": *k.PGPKey, "sealed": secret})
		k.EncryptedSecret = new(string(sealed))
		k.Secret = new("")
	} else {
		k.Secret = new(secret)
	}
	k.CreateDate = new(time.Now().UTC().Format(time.RFC3339))
	return k.ID, o.Put(k.ID, k)
}
