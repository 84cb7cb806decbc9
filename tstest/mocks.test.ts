// A Pulumi program that runs the generated example package (examples/pack, installed as "acme") against
// Pulumi's mock monitor, and checks what a program can observe: the type tokens and inputs each resource
// registers, the replaceOnChanges option it sends, its outputs, the errors for missing inputs, what
// the IDL's contracts do (defaults, secrets, checks, deprecations), how the provider's configuration
// reads, from the stack and for explicit providers, and the calls of functions.
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
const additionalSecretOutputs = new Map<string, string[]>();
// The inputs as sent, before the mocks unwrap secrets.
const sent = new Map<string, Record<string, any>>();
// The calls of functions, in order.
const calls: pulumi.runtime.MockCallArgs[] = [];

// How a secret value is marked on the wire: { [sigKey]: secretSig, value }.
const sigKey = "4dabf18193072939515e22adb298388d";
const secretSig = "1b47061264138c4ac30d75fd1eb44270";

// The provider's side of the mocks: every resource gets its inputs back as outputs, plus the computed
// (out) properties of its type.
const mocks: pulumi.runtime.Mocks = {
    newResource(args: pulumi.runtime.MockResourceArgs): { id: string; state: Record<string, any> } {
        registered.set(args.name, args);
        const state: Record<string, any> = { ...args.inputs };
        switch (args.type) {
            case "acme:network/vpc:VPC":
                state.arn = "arn:acme:network::vpc/" + args.name;
                // The provider makes a name up when the program gives none (an autoname).
                state.name = args.inputs.name ?? args.name + "-0123abc";
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
    // Functions answer with results made from their inputs.
    call(args: pulumi.runtime.MockCallArgs): Record<string, any> {
        calls.push(args);
        switch (args.token) {
            case "acme:compute/image:getImage":
                return {
                    id: "img-" + args.inputs.name,
                    arn: "arn:acme:compute::image/x",
                    format: "raw",
                    sizeGiB: 8,
                    public: true,
                };
            case "acme:network/zones:listZones":
                return { names: [args.inputs.region + "a", args.inputs.region + "b"] };
            case "acme:storage/bucketObject:getObjectURL":
                return {
                    url: "https://x/" + args.inputs.key + "?expires=" + args.inputs.expiresIn,
                    expires: "2026-01-02T15:04:05Z",
                };
        }
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
        additionalSecretOutputs.set(req.getName(), req.getAdditionalsecretoutputsList());
        sent.set(req.getName(), req.getObject().toJavaScript());
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
    assert.equal(vpcInputs.name, undefined); // the provider makes it up
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
    assert.equal(await value(name), "main-0123abc");
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
    assert.throws(() => new acme.network.Subnet("bad", { vpc } as any), {
        message: "Missing required property 'cidrBlock'",
    });
    // Unless the resource is only referenced by its URN: then it exists already.
    const again = new acme.network.VPC("main", undefined as any, { urn: await value(vpc.urn) });
    assert.equal(await value(again.cidrBlock), "10.0.0.0/16");

    // get reads an existing resource by its ID, with optional state.
    const imported = acme.network.VPC.get("imported", "vpc-0123", { cidrBlock: "10.9.0.0/16" });
    assert.equal(await value(imported.id), "vpc-0123");
    assert.equal(registered.get("imported")?.id, "vpc-0123");
    assert.equal(registered.get("imported")?.inputs.cidrBlock, "10.9.0.0/16");

    await contracts(image, subnet);
    await acrossProperties(subnet);
    await configuration(vpc);
    await functions(vpc);

    console.log("mocks: all checks passed");
}

// contracts checks what the IDL's contracts do in the constructors: defaults filled in, secret inputs
// made secret, one error listing every value that breaks a contract (a secret's value never shown),
// values not known yet left to the provider, and a warning, once, for a deprecated property.
async function contracts(image: acme.compute.Image, subnet: acme.network.Subnet): Promise<void> {
    const warnings: string[] = [];
    const consoleWarn = console.warn; // the mocks have no engine: pulumi.log.warn writes to the console
    console.warn = (...args: unknown[]) => {
        warnings.push(args.join(" "));
    };
    const vol = new acme.compute.Volume("vol", { availabilityZone: "us-west-1a" });
    const carol = new acme.iam.User("carol", { password: "correct horse battery" });
    const later = new acme.compute.Volume("later", { availabilityZone: "us-west-1a", size: pulumi.output(0.5) });
    const old1 = new acme.compute.Instance("old1", { machineType: "small", image, subnet, monitoring: true });
    const old2 = new acme.compute.Instance("old2", { machineType: "small", image, subnet, monitoring: false });
    await settled(vol, carol, later, old1, old2);
    console.warn = consoleWarn;

    // Defaults, as the provider's Check would fill them in.
    assert.deepEqual(registered.get("vol")!.inputs, {
        availabilityZone: "us-west-1a",
        size: 20,
        kind: "ssd",
        encrypted: true,
    });
    const size: pulumi.Output<number> = vol.size;
    assert.equal(await value(size), 20);
    // A secret input is sent as a secret, and every secret property is a secret output.
    assert.equal(sent.get("carol")!.password[sigKey], secretSig);
    assert.deepEqual(additionalSecretOutputs.get("carol"), ["password"]);
    assert.deepEqual(additionalSecretOutputs.get("vol"), []);
    // An output is not known yet: the provider checks it.
    assert.equal(registered.get("later")!.inputs.size, 0.5);
    // One warning for the deprecated property, however many resources set it.
    const deprecated = warnings.filter((w) => w.includes("Instance.monitoring is deprecated"));
    assert.deepEqual(deprecated, [
        "warning: [runtime] Instance.monitoring is deprecated: detailed metrics are always collected now; remove monitoring",
    ]);

    // Every broken contract at once, by property path, nested ones included.
    assert.throws(() => new acme.compute.Volume("bad", { availabilityZone: "us-west-1a", size: 0.5, iops: 50 }), {
        message:
            'Invalid arguments for acme:compute/volume:Volume resource "bad":\n' +
            "    size: 0.5 is not an integer\n" +
            "    iops: 50 is less than the minimum 100",
    });
    // An integer of int32, beyond its range, deep in a struct.
    assert.throws(
        () =>
            new acme.network.SecurityGroup("bad", {
                description: "x",
                ingress: [{ ipProtocol: "udp", fromPort: 3e9, toPort: 53.5 }],
            }),
        {
            message:
                'Invalid arguments for acme:network/securityGroup:SecurityGroup resource "bad":\n' +
                "    ingress[0].fromPort: 3000000000 is out of the range of int32, -2147483648 to 2147483647\n" +
                "    ingress[0].toPort: 53.5 is not an integer",
        },
    );
    assert.throws(
        () =>
            new acme.network.SecurityGroup("bad", {
                description: "x",
                ingress: [
                    { ipProtocol: "tcp", fromPort: 22, toPort: 70000, cidrBlocks: ["10.0.0.0/8", "any", "10.0.0.0/8"] },
                ],
            }),
        {
            message:
                'Invalid arguments for acme:network/securityGroup:SecurityGroup resource "bad":\n' +
                "    ingress[0].toPort: 70000 is more than the maximum 65535\n" +
                "    ingress[0].cidrBlocks: items 0 and 2 are equal\n" +
                '    ingress[0].cidrBlocks[1]: "any" does not match the pattern ^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$',
        },
    );
    assert.throws(() => new acme.iam.User("bad", { password: "hunter2" }), {
        message:
            'Invalid arguments for acme:iam/user:User resource "bad":\n' +
            "    password: the secret value has fewer characters than the minimum length 8",
    });
}

// acrossProperties checks the rules across properties in the constructors, and that the checks in CEL are left to
// the provider: a value that breaks a rule throws before anything is sent, naming every property
// involved, one that waits on an output is left to the provider, and a listener that breaks a check is
// sent as it is (the TypeScript package cannot run CEL, and its docs say the provider checks it).
async function acrossProperties(subnet: acme.network.Subnet): Promise<void> {
    const listeners = [{ port: 80, protocol: acme.network.ListenerProtocolHTTP }];
    assert.throws(
        () =>
            new acme.network.LoadBalancer("no-path", {
                subnets: [subnet, subnet],
                listeners,
                healthCheck: { port: 8080, headers: { Host: "www.acme.example" } },
            }),
        {
            message:
                'Invalid arguments for acme:network/loadBalancer:LoadBalancer resource "no-path":\n' +
                "    healthCheck.headers: headers requires path, which is not set",
        },
    );
    assert.throws(
        () =>
            new acme.storage.Bucket("idle", {
                region: acme.RegionUSWest1,
                lifecycleRules: [{ prefix: "tmp/", enabled: true }],
            }),
        {
            message:
                'Invalid arguments for acme:storage/bucket:Bucket resource "idle":\n' +
                "    lifecycleRules[0]: at least one of transitions and expiration must be set, but none is",
        },
    );
    assert.equal(registered.get("no-path"), undefined);
    assert.equal(registered.get("idle"), undefined);
    // Headers in an Output: whether they are set is the provider's to judge, when they are known.
    const later = new acme.network.LoadBalancer("later-lb", {
        subnets: [subnet, subnet],
        listeners,
        healthCheck: { port: 8080, headers: pulumi.output({ Host: "www.acme.example" }) },
    });
    // An HTTPS listener without a certificate breaks a check in CEL, which only the provider runs.
    const https = new acme.network.LoadBalancer("https-lb", {
        subnets: [subnet, subnet],
        listeners: [{ port: 443, protocol: acme.network.ListenerProtocolHTTPS }],
    });
    await settled(later, https);
    assert.equal(registered.get("later-lb")?.type, "acme:network/loadBalancer:LoadBalancer");
    assert.deepEqual(registered.get("https-lb")?.inputs.listeners, [{ port: 443, protocol: "HTTPS" }]);
}

// configuration checks the provider's configuration: the stack's, read through acme.config, and that of
// explicit providers, given by acme.Provider's arguments; both with the environment's values where nothing
// else gives one, and the token a secret.
async function configuration(vpc: acme.network.VPC): Promise<void> {
    // A token of the right shape (the provider, not the package, checks its check digits).
    const token = "acme_" + "0123456789abcdef".repeat(2);
    for (const name of ["ACME_REGION", "ACME_TOKEN", "ACME_API_TOKEN", "ACME_TRACING"]) {
        delete process.env[name];
    }

    // The stack's configuration: typed values, read when the program reads them.
    pulumi.runtime.setAllConfig({ "acme:tracing": "true", "acme:apiToken": token }, ["acme:apiToken"]);
    const region: acme.Region = acme.config.region;
    assert.equal(region, "us-west-1"); // the default
    process.env.ACME_REGION = "eu-central-1";
    assert.equal(acme.config.region, "eu-central-1"); // the environment's, where the stack sets nothing
    const tracing: boolean | undefined = acme.config.tracing;
    assert.equal(tracing, true); // JSON: the stack's values are text
    const apiToken: pulumi.Output<string> = acme.config.apiToken;
    assert.ok(await pulumi.isSecret(apiToken));
    assert.equal(await value(apiToken), token);
    // A secret from the environment is a secret too.
    pulumi.runtime.setAllConfig({});
    process.env.ACME_API_TOKEN = token;
    assert.ok(await pulumi.isSecret(acme.config.apiToken));
    assert.equal(await value(acme.config.apiToken), token);
    assert.equal(acme.config.tracing, undefined);
    // A required value that nothing gives, and a variable that does not read as its type, fail with
    // messages that say what to do.
    delete process.env.ACME_API_TOKEN;
    assert.throws(() => acme.config.apiToken, {
        message:
            "Missing required configuration variable 'acme:apiToken': set it with " +
            "`pulumi config set --secret acme:apiToken <value>`, or set $ACME_TOKEN or $ACME_API_TOKEN",
    });
    process.env.ACME_TRACING = "sometimes";
    assert.throws(() => acme.config.tracing, { message: '$ACME_TRACING: "sometimes" is not a bool (true or false)' });
    delete process.env.ACME_TRACING;
    // A value of the wrong enum, from the stack or the environment, fails as the provider's CheckConfig
    // fails it; and so does a value that breaks its contract, a secret's never shown.
    const regions = '"us-west-1", "us-east-1", "eu-west-1", "eu-central-1", "ap-northeast-1", "ap-south-1"';
    pulumi.runtime.setAllConfig({ "acme:region": "mars-1" });
    assert.throws(() => acme.config.region, {
        message: `Invalid configuration:\n    acme:region: "mars-1" is not a valid Region; want one of ${regions}`,
    });
    pulumi.runtime.setAllConfig({});
    process.env.ACME_REGION = "mars-2";
    assert.throws(() => acme.config.region, {
        message: `Invalid configuration:\n    acme:region: "mars-2" is not a valid Region; want one of ${regions}`,
    });
    process.env.ACME_API_TOKEN = "acme_nope";
    assert.throws(() => new acme.Provider("mars", {}), {
        message:
            'Invalid arguments for pulumi:providers:acme resource "mars":\n' +
            `    region: "mars-2" is not a valid Region; want one of ${regions}\n` +
            "    apiToken: the secret value does not match the pattern ^acme_[0-9a-f]{32}$",
    });
    delete process.env.ACME_REGION;
    pulumi.runtime.setAllConfig({ "acme:apiToken": "acme_nope!" }, ["acme:apiToken"]);
    assert.throws(() => acme.config.apiToken, {
        message:
            "Invalid configuration:\n    acme:apiToken: the secret value does not match the pattern ^acme_[0-9a-f]{32}$",
    });
    pulumi.runtime.setAllConfig({});
    assert.throws(() => acme.config.apiToken, {
        message:
            "Invalid configuration:\n    acme:apiToken: the secret value does not match the pattern ^acme_[0-9a-f]{32}$",
    });
    delete process.env.ACME_API_TOKEN;

    // Explicit providers: the arguments as the engine expects them (strings as they are, the rest as
    // JSON, the token a secret), and resources given one as their provider.
    const eu = new acme.Provider("eu", { region: "eu-west-1", apiToken: pulumi.secret(token), tracing: true });
    const euVPC = new acme.network.VPC("eu-net", { cidrBlock: "10.1.0.0/16" }, { provider: eu });
    await settled(eu, euVPC);
    assert.equal(registered.get("eu")?.type, "pulumi:providers:acme");
    assert.deepEqual(sent.get("eu"), {
        region: "eu-west-1",
        apiToken: { [sigKey]: secretSig, value: token },
        tracing: "true",
    });
    assert.deepEqual(additionalSecretOutputs.get("eu"), ["apiToken"]);
    assert.ok(acme.Provider.isInstance(eu));
    assert.ok(!acme.Provider.isInstance(vpc));
    assert.equal(registered.get("eu-net")?.provider, `${await value(eu.urn)}::${await value(eu.id)}`);
    // What the arguments leave out, the environment gives; a secret from it is sent as a secret.
    process.env.ACME_REGION = "ap-south-1";
    process.env.ACME_TOKEN = token;
    const fromEnv = new acme.Provider("from-env");
    await settled(fromEnv);
    assert.deepEqual(sent.get("from-env"), { region: "ap-south-1", apiToken: { [sigKey]: secretSig, value: token } });
    delete process.env.ACME_REGION;
    delete process.env.ACME_TOKEN;
    // The default, when neither does; a token that nothing gives; a token that breaks its contract.
    const west = new acme.Provider("west", { apiToken: token });
    await settled(west);
    assert.equal(sent.get("west")?.region, "us-west-1");
    assert.throws(() => new acme.Provider("none"), {
        message: "Missing required property 'apiToken': pass it, or set $ACME_TOKEN or $ACME_API_TOKEN",
    });
    assert.throws(() => new acme.Provider("bad", { apiToken: "acme_nope" }), {
        message:
            'Invalid arguments for pulumi:providers:acme resource "bad":\n' +
            "    apiToken: the secret value does not match the pattern ^acme_[0-9a-f]{32}$",
    });
}

// functions checks both forms of a function: the token and the inputs they send, with defaults filled in,
// their results, typed, the Output form's inputs that are outputs of resources, and the checks of
// required inputs and contracts, which throw before anything is sent.
async function functions(vpc: acme.network.VPC): Promise<void> {
    const image: acme.compute.GetImageResult = await acme.compute.getImage({ name: "ubuntu-24.04" });
    assert.equal(calls.at(-1)?.token, "acme:compute/image:getImage");
    assert.deepEqual(calls.at(-1)?.inputs, { name: "ubuntu-24.04" });
    assert.equal(image.id, "img-ubuntu-24.04");
    const format: acme.compute.ImageFormat = image.format;
    assert.equal(format, acme.compute.ImageFormatRaw);
    const description: string | undefined = image.description;
    assert.equal(description, undefined);

    // The Output form takes an output of a resource, and returns an output. (The VPC's region is optional,
    // an Output<Region | undefined>, which an Input<Region> does not take, as in Pulumi's own SDKs.)
    const region = vpc.region.apply((r) => r ?? acme.RegionUSEast1);
    const zones: pulumi.Output<acme.network.ListZonesResult> = acme.network.listZonesOutput({ region });
    assert.deepEqual((await value(zones)).names, ["us-west-1a", "us-west-1b"]);
    assert.deepEqual(calls.at(-1)?.inputs, { region: "us-west-1" });

    // A default is filled in; a capability is sent as a reference to the resource.
    const bucket = new acme.storage.Bucket("b", { region: acme.RegionUSWest1 });
    const url = await acme.storage.getObjectURL({ bucket, key: "index.html" });
    assert.equal(url.url, "https://x/index.html?expires=3600");
    assert.ok(acme.storage.Bucket.isInstance(calls.at(-1)?.inputs.bucket));
    assert.equal(await value(calls.at(-1)?.inputs.bucket.urn), await value(bucket.urn));

    // Required inputs and contracts are checked before the call, in both forms.
    const before = calls.length;
    assert.throws(() => acme.compute.getImage({} as any), { message: "Missing required property 'name'" });
    assert.throws(() => acme.compute.getImageOutput({} as any), { message: "Missing required property 'name'" });
    assert.throws(() => acme.storage.getObjectURL({ bucket, key: "", expiresIn: 0.5 }), {
        message:
            "Invalid arguments for a call of acme:storage/bucketObject:getObjectURL:\n" +
            '    key: "" has 0 characters, fewer than the minimum length 1\n' +
            "    expiresIn: 0.5 is not an integer",
    });
    assert.equal(calls.length, before);
}

process.on("unhandledRejection", (err) => {
    console.error("unhandled rejection:", err);
    process.exit(1);
});

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
