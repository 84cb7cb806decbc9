// A Pulumi program that runs the generated example package (examples/pack, installed as "acme") against
// Pulumi's mock monitor, and checks what a program can observe: the type tokens and inputs each resource
// registers, the replaceOnChanges option it sends, its outputs, and the errors for missing inputs.
//
// The Go test TestMocks in gen/typescript compiles it with tsc --strict and runs it with node; it exits
// non-zero with the failed assertion when a check fails. Compiling it is a test too: the assignments
// below only type-check if the generated classes have the right property types.

import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import * as acme from "acme";

// What the mock monitor saw, by resource name.
const registered = new Map<string, pulumi.runtime.MockResourceArgs>();
const replaceOnChanges = new Map<string, string[]>();

// The provider's side of the mocks: every resource gets its inputs back as outputs, plus the computed
// (out) properties of its type.
const mocks: pulumi.runtime.Mocks = {
    newResource(args: pulumi.runtime.MockResourceArgs): { id: string; state: Record<string, any> } {
        registered.set(args.name, args);
        const state: Record<string, any> = { ...args.inputs };
        switch (args.type) {
            case "acme:network/vpc:VPC":
                state.arn = "arn:acme:network::vpc/" + args.name;
                break;
            case "acme:network/subnet:Subnet":
                state.availableIPCount = 251;
                break;
            case "acme:network/securityGroup:SecurityGroup":
                state.groupID = "sg-12345678";
                break;
            case "acme:iam/role:Role":
                state.arn = "arn:acme:iam::role/" + args.name;
                break;
            case "acme:compute/instance:Instance":
                state.privateIP = "10.0.1.10";
                state.status = "running";
                break;
        }
        return { id: args.id || args.name + "-id", state };
    },
    call(args: pulumi.runtime.MockCallArgs): Record<string, any> {
        return args.inputs;
    },
};

// value resolves to the value of an output, which the mocks always know.
function value<T>(output: pulumi.OutputInstance<T>): Promise<T> {
    return new Promise((resolve) => {
        output.apply((v) => {
            resolve(v);
        });
    });
}

// settled waits until the runtime has registered everything constructed so far.
async function settled(...resources: pulumi.CustomResource[]): Promise<void> {
    for (const r of resources) {
        await value(r.urn);
        await value(r.id);
    }
}

async function main(): Promise<void> {
    await pulumi.runtime.setMocks(mocks, "project", "stack", false);
    // The mock monitor does not tell the mocks about resource options: watch the requests it receives.
    const monitor = pulumi.runtime.getMonitor() as any;
    const registerResource = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req: any, callback: any) => {
        replaceOnChanges.set(req.getName(), req.getReplaceonchangesList());
        return registerResource(req, callback);
    };

    // Required inputs only; the name of a named resource defaults to the resource's name.
    const vpc = new acme.network.VPC("main", {
        cidrBlock: "10.0.0.0/16",
        region: acme.RegionUSWest1,
        tags: { team: pulumi.output("infra") },
    });
    // A capability to a resource of the same module, and an optional input left out.
    const subnet = new acme.network.Subnet("a", { vpc, cidrBlock: "10.0.1.0/24" });
    // Nested structs in an array.
    const web = new acme.network.SecurityGroup("web", {
        name: "web-sg",
        description: "web servers",
        vpc: vpc,
        ingress: [{ ipProtocol: "tcp", fromPort: 443, toPort: 443, cidrBlocks: ["0.0.0.0/0"] }],
    });
    const role = new acme.iam.Role("role", {
        assumeRolePolicy: { Version: "2024-01-01", Statement: [] },
    });
    const image = new acme.compute.Image("img", {
        source: new pulumi.asset.StringAsset("disk image"),
        format: acme.compute.ImageFormatQCOW2,
    });
    // Capabilities across modules, and in an array.
    const vm = new acme.compute.Instance("vm", {
        machineType: "small",
        image,
        subnet,
        securityGroups: [web],
        role,
        userData: "#!/bin/sh",
        rootDisk: { size: 20, kind: acme.compute.VolumeKindSSD },
    });
    await settled(vpc, subnet, web, role, image, vm);

    // The type tokens.
    assert.equal(registered.get("main")?.type, "acme:network/vpc:VPC");
    assert.equal(registered.get("a")?.type, "acme:network/subnet:Subnet");
    assert.equal(registered.get("web")?.type, "acme:network/securityGroup:SecurityGroup");
    assert.equal(registered.get("vm")?.type, "acme:compute/instance:Instance");
    assert.ok(acme.network.VPC.isInstance(vpc));
    assert.ok(!acme.network.VPC.isInstance(subnet));

    // The inputs sent: required, optional, defaulted, nested, assets, and capabilities, which arrive as
    // resources of the right class because each module registers its resources.
    const vpcInputs = registered.get("main")!.inputs;
    assert.equal(vpcInputs.name, "main");
    assert.equal(vpcInputs.cidrBlock, "10.0.0.0/16");
    assert.equal(vpcInputs.region, "us-west-1");
    assert.deepEqual(vpcInputs.tags, { team: "infra" });
    assert.equal(vpcInputs.enableIPv6, undefined);
    const subnetInputs = registered.get("a")!.inputs;
    assert.ok(acme.network.VPC.isInstance(subnetInputs.vpc));
    assert.equal(await value(subnetInputs.vpc.urn), await value(vpc.urn));
    const webInputs = registered.get("web")!.inputs;
    assert.equal(webInputs.name, "web-sg");
    assert.deepEqual(webInputs.ingress, [{ ipProtocol: "tcp", fromPort: 443, toPort: 443, cidrBlocks: ["0.0.0.0/0"] }]);
    assert.deepEqual(registered.get("role")!.inputs.assumeRolePolicy, { Version: "2024-01-01", Statement: [] });
    assert.equal(await registered.get("img")!.inputs.source.text, "disk image");
    const vmInputs = registered.get("vm")!.inputs;
    assert.ok(acme.compute.Image.isInstance(vmInputs.image));
    assert.ok(acme.network.Subnet.isInstance(vmInputs.subnet));
    assert.ok(acme.iam.Role.isInstance(vmInputs.role));
    assert.equal(vmInputs.securityGroups.length, 1);
    assert.ok(acme.network.SecurityGroup.isInstance(vmInputs.securityGroups[0]));
    assert.deepEqual(vmInputs.rootDisk, { size: 20, kind: "ssd" });

    // The outputs, typed: these declarations only compile if the classes say what the outputs hold.
    const arn: pulumi.Output<acme.ARN> = vpc.arn;
    const cidr: pulumi.Output<string> = vpc.cidrBlock;
    const name: pulumi.Output<string> = vpc.name;
    const ipv6: pulumi.Output<boolean | undefined> = vpc.enableIPv6;
    const count: pulumi.Output<number> = subnet.availableIPCount;
    const status: pulumi.Output<acme.compute.InstanceStatus> = vm.status;
    const userData: pulumi.Output<string | undefined> = vm.userData;
    const subnetVPC: pulumi.OutputInstance<acme.network.VPC> = subnet.vpc;
    const groups: pulumi.OutputInstance<acme.network.SecurityGroup[] | undefined> = vm.securityGroups;
    const rules: pulumi.Output<acme.network.SecurityGroupRule[] | undefined> = web.ingress;
    assert.equal(await value(arn), "arn:acme:network::vpc/main");
    assert.equal(await value(cidr), "10.0.0.0/16");
    assert.equal(await value(name), "main");
    assert.equal(await value(ipv6), undefined);
    assert.equal(await value(count), 251);
    assert.equal(await value(status), acme.compute.InstanceStatusRunning);
    assert.equal(await value(userData), "#!/bin/sh");
    assert.equal(await value(subnet.id), "a-id");
    assert.equal(await value(web.groupID), "sg-12345678");
    // Outputs that hold resources come back as instances of their classes.
    const outVPC = await value(subnetVPC);
    assert.ok(acme.network.VPC.isInstance(outVPC));
    assert.equal(await value(outVPC.urn), await value(vpc.urn));
    const outGroups = await value(groups);
    assert.ok(acme.network.SecurityGroup.isInstance(outGroups?.[0]));
    assert.equal((await value(rules))?.[0].fromPort, 443);

    // replaceOnChanges holds exactly the replaces properties, and the name of a named resource.
    assert.deepEqual(replaceOnChanges.get("main"), ["name", "cidrBlock", "region"]);
    assert.deepEqual(replaceOnChanges.get("a"), ["vpc", "cidrBlock", "availabilityZone"]);
    assert.deepEqual(replaceOnChanges.get("vm"), ["name", "image", "subnet", "keyPair", "userData", "rootDisk"]);

    // A missing required input throws, naming the first one missing.
    assert.throws(() => new acme.network.VPC("bad", {} as any), {
        message: "Missing required property 'cidrBlock'",
    });
    assert.throws(() => new acme.network.VPC("bad", { cidrBlock: "10.0.0.0/16" } as any), {
        message: "Missing required property 'region'",
    });
    // Unless the resource is only referenced by its URN: then it exists already.
    const again = new acme.network.VPC("main", undefined as any, { urn: await value(vpc.urn) });
    assert.equal(await value(again.cidrBlock), "10.0.0.0/16");

    // get reads an existing resource by its ID, with optional state.
    const imported = acme.network.VPC.get("imported", "vpc-0123", { cidrBlock: "10.9.0.0/16" });
    assert.equal(await value(imported.id), "vpc-0123");
    assert.equal(registered.get("imported")?.id, "vpc-0123");
    assert.equal(registered.get("imported")?.inputs.cidrBlock, "10.9.0.0/16");

    console.log("mocks: all checks passed");
}

process.on("unhandledRejection", (err) => {
    console.error("unhandled rejection:", err);
    process.exit(1);
});

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
