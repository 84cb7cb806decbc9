package network

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/provider"
)

// Providers returns the providers of the network resources, kept in c.
func Providers(c *cloud.Cloud) []provider.ResourceProvider {
	// A VPC's name is unique in its region, a security group's in its VPC, a load balancer's in the
	// account.
	vpcs := cloud.NewTable[vpc](c, VPC).Named(func(v *vpc) string {
		if v.Region == nil {
			return "region " + c.Region() // Create puts it there
		}
		return "region " + string(*v.Region)
	}, func(v *vpc) string { return v.Name })
	subnets := cloud.NewTable[subnet](c, Subnet)
	groups := cloud.NewTable[securityGroup](c, SecurityGroup).Named(func(g *securityGroup) string {
		if g.VPC == nil {
			return "the default VPC"
		}
		return "VPC " + string(g.VPC.ID)
	}, func(g *securityGroup) string { return g.Name })
	balancers := cloud.NewTable[loadBalancer](c, LoadBalancer).Named(cloud.InAccount, func(lb *loadBalancer) string { return lb.Name })
	return []provider.ResourceProvider{
		NewVPCProvider(vpcOps{vpcs}),
		NewSubnetProvider(subnetOps{subnets, vpcs}),
		NewSecurityGroupProvider(securityGroupOps{groups}),
		NewLoadBalancerProvider(loadBalancerOps{balancers}),
	}
}

type vpcOps struct{ cloud.Table[vpc] }

// Create puts the VPC in its region, or, when it names none, in the provider's, which the VPC then
// records as its own.
func (o vpcOps) Create(_ context.Context, _ resource.URN, v *vpc) (resource.ID, error) {
	id := cloud.NewID("vpc")
	if v.Region == nil {
		v.Region = new(acme.Region(o.Cloud.Region()))
	}
	v.ARN = new(acme.ARN(cloud.ARN("network", string(*v.Region), "vpc/"+string(id))))
	v.IPv6CIDR = ipv6Range(v)
	return id, o.Put(id, v)
}

func (o vpcOps) Update(_ context.Context, id resource.ID, olds, news *vpc) error {
	if news.Region == nil {
		news.Region = olds.Region // where Create put it
	}
	if (olds.IPv6CIDR != nil) != (news.EnableIPv6 != nil && *news.EnableIPv6) {
		news.IPv6CIDR = ipv6Range(news)
	}
	return o.Put(id, news)
}

// ipv6Range assigns an IPv6 range when the VPC asks for one.
func ipv6Range(v *vpc) *string {
	if v.EnableIPv6 == nil || !*v.EnableIPv6 {
		return nil
	}
	return new("2600:1f18:" + cloud.RandomHex(2) + "::/56")
}

// Check enforces the range sizes Acme Cloud accepts.
func (vpcOps) Check(_ context.Context, _ resource.URN, v *vpc) ([]provider.CheckFailure, error) {
	p, err := netip.ParsePrefix(v.IPv4CIDR)
	switch {
	case err != nil || !p.Addr().Is4():
		return []provider.CheckFailure{provider.Failf("cidrBlock", "%q is not an IPv4 range in CIDR notation", v.IPv4CIDR)}, nil
	case p.Bits() < 16 || p.Bits() > 28:
		return []provider.CheckFailure{provider.Failf("cidrBlock", "a VPC's range must be between /16 and /28, not /%d", p.Bits())}, nil
	}
	return nil, nil
}

type subnetOps struct {
	cloud.Table[subnet]
	vpcs cloud.Table[vpc]
}

func (o subnetOps) Create(_ context.Context, _ resource.URN, s *subnet) (resource.ID, error) {
	parent, err := o.vpcs.Get(s.VPC.ID)
	if err != nil {
		return "", err
	}
	outer, inner := netip.MustParsePrefix(parent.IPv4CIDR), netip.MustParsePrefix(s.CIDRBlock)
	if !outer.Contains(inner.Addr()) || inner.Bits() < outer.Bits() {
		return "", fmt.Errorf("subnet range %s is not within the VPC's range %s", inner, outer)
	}
	if s.AvailabilityZone == nil {
		s.AvailabilityZone = new(string(*parent.Region) + "a")
	}
	// Acme Cloud keeps five addresses of every subnet for itself.
	s.AvailableIPCount = new(1<<(32-inner.Bits()) - 5)
	s.ID = cloud.NewID("subnet")
	return s.ID, o.Put(s.ID, s)
}

func (subnetOps) Check(_ context.Context, _ resource.URN, s *subnet) ([]provider.CheckFailure, error) {
	if p, err := netip.ParsePrefix(s.CIDRBlock); err != nil || !p.Addr().Is4() {
		return []provider.CheckFailure{provider.Failf("cidrBlock", "%q is not an IPv4 range in CIDR notation", s.CIDRBlock)}, nil
	}
	return nil, nil
}

type securityGroupOps struct{ cloud.Table[securityGroup] }

func (o securityGroupOps) Create(_ context.Context, _ resource.URN, g *securityGroup) (resource.ID, error) {
	id := cloud.NewID("sg")
	g.GroupID = new(string(id))
	return id, o.Put(id, g)
}

type loadBalancerOps struct{ cloud.Table[loadBalancer] }

func (o loadBalancerOps) Create(_ context.Context, _ resource.URN, lb *loadBalancer) (resource.ID, error) {
	id := cloud.NewID("lb")
	lb.DNSName = new(fmt.Sprintf("%s-%s.lb.acme.example", lb.Name, id))
	lb.ARN = new(acme.ARN(cloud.ARN("network", "", "loadbalancer/"+string(id))))
	return id, o.Put(id, lb)
}
