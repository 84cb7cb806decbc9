// The end-to-end test of cidlc's output: a Pulumi program written against the generated example package
// (examples/pack, imported as "acme"), deployed by the real Pulumi engine (the CLI, driven through the
// Automation API) with the provider plugin built from the generated stubs (examples/provider), which
// keeps its pretend cloud as JSON files in $ACME_STATE_DIR.
//
// The program is an inline program: the Automation API hosts the Node.js language runtime in this
// process, so no pulumi-language-nodejs binary is needed. It goes through the life of a stack, and after
// each step checks what the program got back (its outputs), what the engine recorded (the exported
// state and the summary of the operation) and what the provider did (the files of the cloud). The
// stack's configuration gives the provider its API token, a secret (config.ts tests the configuration):
//
//   1. preview, then up: creates all 17 resource types of the example, calling its functions in both
//      forms: the plain form's results become inputs, the Output form's wait for a resource to exist
//      and keep a secret result secret
//   2. preview: a change of the program that changes no input is no change
//   3. up: a plain property is updated in place, a `replaces` property replaces its resource: one the
//      program names is deleted first, one named by the provider (an autoname) gets a new name and is
//      created first, with no Differ of the provider's asking for either; a user (whose password is
//      write-only) is imported by its ID
//   4. up: an input the provider's Check rejects, or a function's input the provider rejects, fails
//      with its message, and changes nothing; preview: a rule across properties or a check in CEL
//      broken fails it, naming the properties
//   5. refresh: changes made behind Pulumi's back are read back through the generated Read, and the
//      write-only password neither drifts nor leaves the state, secret; then up undoes the changes, and
//      get reads resources by ID (Read again), a user without its password
//   6. preview and up: a change of an `immutable` property fails them, and changes nothing, unless
//      ignoreChanges ignores it or replaceOnChanges replaces for it; up --replace, the deliberate way,
//      replaces the resource
//   7. up: an instance that boots past its customTimeouts fails at the timeout, and is kept; the next
//      up, with the IDL's default timeout, finishes it, showing its boot as a status
//   8. destroy: leaves nothing behind, in the cloud or in the stack, and warns of a resource deleted
//      behind Pulumi's back
// Every command runs with the engine's most verbose logs flowing to the plugin (--logflow -v=9): at
// the end, no secret is in plain text in the logs of the engine or the plugin.
//
// e2e/e2e_test.go builds everything and runs this; it exits non-zero at the first failed check. It
// reads its environment (all required):
//   E2E_PULUMI_ROOT   the installation of the Pulumi CLI to use: $E2E_PULUMI_ROOT/bin/pulumi
//   E2E_PLUGIN_DIR    the directory of the provider plugin, pulumi-resource-acme
//   E2E_WORK_DIR      an empty directory for the project
//   ACME_STATE_DIR    the provider's cloud, an empty directory
// and expects the environment to set the Pulumi CLI up to run offline: PULUMI_BACKEND_URL (a file://
// backend), PULUMI_CONFIG_PASSPHRASE, PULUMI_HOME and HOME in a scratch directory,
// PULUMI_SKIP_UPDATE_CHECK and PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION.

import * as assert from "node:assert/strict";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, ProjectSettings, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import * as acme from "acme";
import {
    assertCloudMatches,
    assertLogsHideSecrets,
    assertNoPlainSecrets,
    assertQuiet,
    assertSecretsHidden,
    cloud,
    cloudPath,
    counts,
    env,
    failure,
    finish,
    isSecret,
    key,
    newToken,
    Ops,
    record,
    resources,
    StateResource,
    stateDir,
    step,
    verbose,
    writeRecord,
} from "./support";

// --- The program ---------------------------------------------------------------------------------------

// The variants of the program, one per step.
type Phase =
    | "base" // step 1: every resource type
    | "noop" // step 2: the same inputs, written differently
    | "change" // step 3: a plain property and a replaces property changed
    | "badEnum" // step 4: "change", plus a value outside its enum
    | "missing" // step 4: "change", plus a new resource without a required input
    | "badContract" // step 4: "change", plus a new resource whose input breaks its contract
    | "badInvoke" // step 4: "change", plus a call of a function with an input the provider rejects
    | "badRule" // step 4: "change", with the load balancer's health check breaking a rule across properties
    | "badCheck" // step 4: "change", with a listener of the load balancer breaking a check in CEL
    | "read" // step 5: "change", plus existing resources read with get
    | "immutable" // step 6: "read", with the volume's encryption (immutable) changed
    | "immutableIgnored" // step 6: "immutable", with ignoreChanges on it
    | "immutableReplaceOnChanges" // step 6: "immutable", with replaceOnChanges on it
    | "slowTimeout" // step 7: "immutable", plus an instance that boots past its customTimeouts
    | "slowDefault"; // step 7: "immutable", plus that instance, with the IDL's default timeout

let phase: Phase = "base";

// The volume's resource options in step 6, where they name its immutable property.
const volumeOptions: Partial<Record<Phase, pulumi.CustomResourceOptions>> = {
    immutableIgnored: { ignoreChanges: ["encrypted"] },
    immutableReplaceOnChanges: { replaceOnChanges: ["encrypted"] },
};

// The content of the bucket object, and the public key of the key pair: the tests recompute what the
// provider derives from them.
const indexHTML = "<h1>Hello from Acme</h1>\n";
function sshKeyBlob(seed: string): Buffer {
    return Buffer.concat([
        Buffer.from([0, 0, 0, 11]),
        Buffer.from("ssh-ed25519"),
        Buffer.from([0, 0, 0, 32]),
        crypto.createHash("sha256").update(seed).digest(),
    ]);
}
const keyBlob = sshKeyBlob("cidlc e2e");
const publicKey = `ssh-ed25519 ${keyBlob.toString("base64")} alice@laptop`;
// The spare key pair's keys, before and after step 3.
const spareKeys = ["spare 1", "spare 2"].map((seed) => `ssh-ed25519 ${sshKeyBlob(seed).toString("base64")} ops@laptop`);
// The ID of alice, which step 3 imports as another resource.
let importAlice = "";
// The provider's API token, a secret of the stack's configuration.
const apiToken = newToken();
// The secrets of the program and of the stack: they must never appear in plain text in the state. The
// signed URL the program gets from a function joins them once known.
const secrets = ["hunter2-e2e", "token-e2e-3f9a", "meta-secret-e2e", apiToken];

// What the program got from its functions in its last run as a preview, and as an update: a value it
// never saw, because it was not known, stays undefined.
interface Called {
    zones?: string[];
    ubuntu?: acme.compute.GetImageResult;
    objectURL?: string;
}
const called: { preview: Called; update: Called } = { preview: {}, update: {} };

// program declares every resource type of the example. Each phase reruns it with some changes.
async function program(): Promise<Record<string, unknown>> {
    const noop = phase === "noop";
    const changed = phase !== "base" && phase !== "noop";
    const slow = phase === "slowTimeout" || phase === "slowDefault";
    const immutableChanged = phase.startsWith("immutable") || slow;

    // network: a VPC; an enum, a map (an alias), a plain property changed in step 3.
    const tags: Record<string, pulumi.Input<string>> = noop
        ? { team: pulumi.output("infra"), env: "e2e" } // the same map, in another order, with an Output
        : { env: "e2e", team: "infra" };
    if (changed) {
        tags.stage = "two";
    }
    // Functions, in their plain form: the program awaits the results, during previews as in updates. The
    // zones of the provider's region (its configuration's, as the program names none): a subnet takes one
    // of them as an input.
    const got: Called = {};
    if (pulumi.runtime.isDryRun()) {
        called.preview = got;
    } else {
        called.update = got;
    }
    const zones = await acme.network.listZones();
    got.zones = zones.names;
    got.ubuntu = await acme.compute.getImage({ name: "ubuntu-24.04" });
    if (phase === "badInvoke") {
        // The generated function checks what it can (the name is not empty); the provider knows the images.
        await acme.compute.getImage({ name: "no-such-image" });
    }

    const vpc = new acme.network.VPC("main", {
        cidrBlock: "10.0.0.0/16",
        region: acme.RegionUSWest1,
        enableIPv6: true,
        tags,
    });
    // Capabilities: each subnet's provider receives the VPC's ID, and looks the VPC up with it.
    const subnetA = new acme.network.Subnet("a", {
        vpc,
        cidrBlock: "10.0.1.0/24",
        availabilityZone: "us-west-1b",
        mapPublicIPOnLaunch: true,
    });
    const subnetB = new acme.network.Subnet("b", { vpc, cidrBlock: "10.0.2.0/24", availabilityZone: zones.names[2] });
    // Arrays of nested structs, with enums inside.
    const web = new acme.network.SecurityGroup("web", {
        description: "web servers",
        vpc,
        ingress: [
            { ipProtocol: acme.network.ProtocolTCP, fromPort: 443, toPort: 443, cidrBlocks: ["0.0.0.0/0"] },
            { ipProtocol: "icmp", fromPort: 0, toPort: 0, self: true, description: "ping" },
        ],
        egress: [{ ipProtocol: "all", fromPort: 0, toPort: 65535 }],
    });

    // storage: two buckets; the replica's region is a replaces property, changed in step 3. The program
    // names the replica (bucket names are global): its replacement keeps the name, so the old bucket
    // must go first. The site's name is the provider's, its logical name and a random suffix.
    const replica = new acme.storage.Bucket("replica-e2e", {
        name: "replica-e2e",
        region: changed ? "eu-central-1" : "eu-west-1",
        versioning: true,
    });
    const site = new acme.storage.Bucket("site-e2e", {
        region: acme.RegionUSWest1,
        acl: phase === "badEnum" ? ("world-writable" as acme.storage.CannedACL) : "public-read",
        versioning: true,
        forceDestroy: true,
        lifecycleRules: [
            {
                prefix: "logs/",
                enabled: true,
                transitions: [{ days: 30, storageClass: acme.storage.StorageClassInfrequent }],
                expiration: { days: 365, noncurrentDays: 30 },
            },
        ],
        // A map keyed by an enum, of structs, holding an output of another resource.
        replication: { "eu-west-1": { bucketARN: replica.arn, storageClass: "ARCHIVE" } },
    });
    // iam. The policy's document (an `any`) holds an output of another resource: the bucket's ARN.
    const readSite = new acme.iam.Policy("read-site", {
        document: {
            Version: "2024-01-01",
            Statement: [{ Effect: "Allow", Action: ["storage:GetObject"], Resource: site.arn }],
        },
        description: "reads the site",
    });
    const appRole = new acme.iam.Role("app", {
        assumeRolePolicy: {
            Version: "2024-01-01",
            Statement: [
                {
                    Effect: "Allow",
                    Principal: { Service: ["compute.acme.example", "functions.acme.example"] },
                    Action: "sts:AssumeRole",
                },
            ],
        },
        path: "/services/",
        policies: [readSite],
        maxSessionDuration: 7200,
    });
    const devs = new acme.iam.Group("devs", { path: "/engineering/", policies: [readSite] });
    const alice = new acme.iam.User("alice", {
        path: "/engineering/",
        groups: [devs],
        password: pulumi.secret(secrets[0]),
        passwordResetRequired: true,
    });
    const aliceKey = new acme.iam.AccessKey("alice", { user: alice, status: acme.iam.AccessKeyActive });
    if (changed) {
        // alice, imported by her ID as a resource of its own: the program gives no password, which Acme
        // Cloud keeps only as a hash and which Read therefore never returns. The stack keeps the user
        // in the cloud when it deletes this resource: alice is deleted as herself.
        new acme.iam.User(
            "alice-imported",
            { path: "/engineering/", groups: [devs], passwordResetRequired: true },
            { import: importAlice, retainOnDelete: true },
        );
    }
    // A reference to any resource (*idl.Resource).
    new acme.iam.PolicyAttachment("read-site-alice", { policy: readSite, target: alice });

    // compute.
    const deployer = new acme.compute.KeyPair("deployer", { publicKey });
    // A key pair that nothing uses, whose key (a replaces property) changes in step 3: it has a name
    // the provider made up, so its replacement gets another, and is created first.
    new acme.compute.KeyPair("spare", { publicKey: spareKeys[changed ? 1 : 0] });
    const image = new acme.compute.Image("base", {
        source: new pulumi.asset.StringAsset("a pretend qcow2 disk image"),
        format: acme.compute.ImageFormatQCOW2,
        description: "Debian with acme-init",
    });
    const vm = new acme.compute.Instance("web", {
        machineType: acme.compute.MachineTypeSmall,
        image,
        subnet: subnetA,
        securityGroups: [web],
        role: appRole,
        keyPair: deployer,
        rootDisk: { size: 40, kind: "ssd", encrypted: true },
        maintenanceWindow: { day: "sunday", startTime: "03:30", durationHours: 2 },
        tags: { role: "web" },
    });
    if (slow) {
        // An instance that takes long to boot ($ACME_BOOT_TIME), first with a timeout of the program's.
        new acme.compute.Instance(
            "slow",
            { machineType: acme.compute.MachineTypeNano, image, subnet: subnetA },
            phase === "slowTimeout" ? { customTimeouts: { create: "2s" } } : {},
        );
    }
    // An output of a resource as the input of another: the subnet's zone. Its encryption is immutable
    // (and defaults to true): changed in step 6.
    const data = new acme.compute.Volume(
        "data",
        {
            availabilityZone: subnetA.availabilityZone.apply((z) => z ?? "us-west-1b"),
            size: 100,
            kind: "provisioned-ssd",
            iops: 3000,
            encrypted: immutableChanged ? false : undefined,
            instance: vm,
        },
        volumeOptions[phase] ?? {},
    );
    const api = new acme.compute.Function("api", {
        code: new pulumi.asset.AssetArchive({
            "index.js": new pulumi.asset.StringAsset("exports.handler = async () => ({ statusCode: 200 });\n"),
        }),
        runtime: acme.compute.RuntimeNodeJS20,
        handler: "index.handler",
        role: appRole,
        memoryMB: changed ? 512 : 256, // changed in step 3: the code is deployed again
        environment: { STAGE: "e2e" },
        secrets: { TOKEN: pulumi.secret(secrets[1]) },
        subnets: [subnetA, subnetB],
        // A resource where its resource alias (compute.EventSource, another name for storage.Bucket) is
        // expected.
        eventSources: [site],
        region: acme.RegionUSWest1,
    });
    // Capabilities in arrays, and references to resources of any type (targets).
    const front = new acme.network.LoadBalancer("front", {
        scheme: "internet-facing",
        subnets: [subnetA, subnetB],
        securityGroups: [web],
        listeners: [
            { port: 80, protocol: acme.network.ListenerProtocolHTTP, targetPort: 8080 },
            // A check in CEL, which only the provider runs: an HTTPS listener needs a certificate.
            ...(phase === "badCheck"
                ? [{ port: 443, protocol: acme.network.ListenerProtocolHTTPS, targetPort: 8080 }]
                : []),
        ],
        targets: [vm, api],
        // A rule across properties: headers require a path. The constructor cannot see into an Output, so
        // the provider's Check judges the headers once they are known.
        healthCheck:
            phase === "badRule"
                ? { port: 8080, headers: pulumi.output({ Host: "www.acme.example" }) }
                : { path: "/healthz", port: 8080, headers: { Host: "www.acme.example" } },
        maintenanceWindow: { day: "saturday", startTime: "04:00" },
    });

    // storage: an object; its key is a replaces property, changed in step 3.
    const index = new acme.storage.BucketObject("index", {
        bucket: site,
        key: changed ? "home.html" : "index.html",
        content: new pulumi.asset.StringAsset(indexHTML),
        contentType: "text/html",
        storageClass: acme.storage.StorageClassStandard,
        metadata: { owner: "web", token: pulumi.secret(secrets[2]) },
    });

    // A function in its Output form, with an input that is another resource's output: its result is not
    // known until the bucket exists (not in the first preview), and is secret, as the IDL declares the URL.
    const signed = acme.storage.getObjectURLOutput({ bucket: site, key: index.key, expiresIn: 600 });
    signed.url.apply((url) => {
        got.objectURL = url;
    });

    if (phase === "missing") {
        // The generated constructor throws on a missing required input, but cannot see inside an
        // Output: this one resolves to nothing, so only the provider's Check finds it missing.
        new acme.compute.Volume("scratch", {
            availabilityZone: pulumi.output(undefined as unknown as string),
            size: 10,
            kind: acme.compute.VolumeKindHDD,
        });
    }

    if (phase === "badContract") {
        // The constructor checks contracts on the values it knows; this one is inside an Output, so the
        // provider's Check finds it (iops is min=100) and says so for the property.
        new acme.compute.Volume("slow", {
            availabilityZone: "us-west-1b",
            kind: "provisioned-ssd",
            iops: pulumi.output(50),
        });
    }

    // Resources read by ID, through the provider's Read: their outputs, capabilities included, which
    // come back as instances of their classes.
    let seen = {};
    if (phase === "read" || immutableChanged) {
        const seenVPC = acme.network.VPC.get("main-seen", vpc.id);
        const seenVM = acme.compute.Instance.get("web-seen", vm.id);
        // A user read by ID has no password: it is write-only.
        const seenAlice = acme.iam.User.get("alice-seen", alice.id);
        seen = {
            seenAlicePath: seenAlice.path,
            seenAlicePassword: seenAlice.password.apply((p) => typeof p),
            seenVPCTags: seenVPC.tags,
            seenVPCCidr: seenVPC.cidrBlock,
            seenVMStatus: seenVM.status,
            seenVMSubnet: seenVM.subnet.apply((s) => (acme.network.Subnet.isInstance(s) ? s.id : "not a Subnet")),
            seenVMGroups: seenVM.securityGroups.apply((gs) =>
                pulumi.all((gs ?? []).map((g) => (acme.network.SecurityGroup.isInstance(g) ? g.id : "not a group"))),
            ),
        };
    }

    // The out properties, back in the program.
    return {
        ...seen,
        vpcId: vpc.id,
        vpcArn: vpc.arn,
        vpcIPv6: vpc.ipv6CidrBlock,
        subnetZone: subnetB.availabilityZone,
        subnetFree: subnetA.availableIPCount,
        groupID: web.groupID,
        roleArn: appRole.arn,
        roleUniqueId: appRole.uniqueID,
        policyVersion: readSite.defaultVersionID,
        groupArn: devs.arn,
        userArn: alice.arn,
        accessKeyId: aliceKey.id,
        accessKeyCreated: aliceKey.createDate,
        // An out property the provider leaves unset (there is no PGP key to encrypt with) is undefined.
        accessKeyEncrypted: aliceKey.encryptedSecret.apply((v) => typeof v),
        fingerprint: deployer.fingerprint,
        imageSize: image.sizeGiB,
        vmPrivateIP: vm.privateIP,
        vmPublicIP: vm.publicIP,
        vmStatus: vm.status,
        volumeDevice: data.deviceName,
        fnUrl: api.invokeUrl,
        fnCodeSha: api.codeSHA256,
        lbDNS: front.dnsName,
        siteDomain: site.domainName,
        objectETag: index.etag,
        objectSize: index.size,
        objectVersion: index.versionID,
        objectURL: signed.url,
    };
}

// --- Helpers -------------------------------------------------------------------------------------------

// The types of the example, by their tokens.
const types = [
    "acme:compute/function:Function",
    "acme:compute/image:Image",
    "acme:compute/instance:Instance",
    "acme:compute/keyPair:KeyPair",
    "acme:compute/volume:Volume",
    "acme:iam/accessKey:AccessKey",
    "acme:iam/policy:Policy",
    "acme:iam/policy:PolicyAttachment",
    "acme:iam/role:Role",
    "acme:iam/user:Group",
    "acme:iam/user:User",
    "acme:network/loadBalancer:LoadBalancer",
    "acme:network/securityGroup:SecurityGroup",
    "acme:network/subnet:Subnet",
    "acme:network/vpc:VPC",
    "acme:storage/bucket:Bucket",
    "acme:storage/bucketObject:BucketObject",
];

// Every acme resource is managed by the one default provider of the package's version: the generated
// constructors ask the engine for the plugin of the version cidlc was given (--pkg-version), which the
// project's plugin directory serves here whatever the version.
async function assertProviderVersion(stack: Stack): Promise<void> {
    const version: string = require("acme/package.json").version;
    const all = ((await stack.exportStack()).deployment.resources ?? []) as (StateResource & { provider?: string })[];
    const providers = all.filter((r) => r.type === "pulumi:providers:acme");
    assert.deepEqual(
        providers.map((p) => p.inputs?.version),
        [version],
        "the acme providers' versions",
    );
    const ref = `${providers[0].urn}::${providers[0].id}`;
    for (const r of all.filter((r) => r.type.startsWith("acme:"))) {
        assert.equal(r.provider, ref, `the provider of ${r.urn}`);
    }
}

// hashesOnly returns v with every asset and archive in it reduced to its hash.
function hashesOnly(v: unknown): unknown {
    const sig = (v as any)?.["4dabf18193072939515e22adb298388d"];
    if (sig === "c44067f5952c0a294b673a41bacd8c17" || sig === "0def7320c3a5731c473e5ecbe6d01bc7") {
        return { asset: (v as any).hash };
    }
    if (Array.isArray(v)) {
        return v.map(hashesOnly);
    }
    if (v !== null && typeof v === "object") {
        return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, hashesOnly(e)]));
    }
    return v;
}

// What must not change when an update fails: each resource's identity, inputs and outputs.
function comparable(state: Map<string, StateResource>): Record<string, unknown> {
    return Object.fromEntries(
        [...state].map(([k, r]) => [k, { urn: r.urn, id: r.id, inputs: r.inputs, outputs: r.outputs }]),
    );
}

// --- The steps -----------------------------------------------------------------------------------------

// The acme resources of the program: one of each type, but two subnets, two buckets and two key pairs.
// The engine's summaries count one more, the stack (not the default provider).
const RESOURCES = 20;

async function main(): Promise<void> {
    const start = process.hrtime.bigint();
    const pulumiRoot = env("E2E_PULUMI_ROOT");
    const pluginDir = env("E2E_PLUGIN_DIR");
    const workDir = env("E2E_WORK_DIR");
    for (const v of ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE", "PULUMI_HOME"]) {
        env(v);
    }
    assert.equal(types.length, 17);

    let stack!: Stack;
    await step("0", "create the stack", async () => {
        const pulumiCommand = await PulumiCommand.get({ root: pulumiRoot });
        // The engine runs the provider plugin from pluginDir. ProjectSettings of @pulumi/pulumi 3.248.0
        // does not declare `plugins` yet; the CLI reads it.
        const projectSettings = {
            name: "acme-e2e",
            runtime: "nodejs",
            plugins: { providers: [{ name: "acme", path: pluginDir }] },
        } as ProjectSettings;
        stack = verbose(
            await LocalWorkspace.createOrSelectStack(
                { stackName: "e2e", projectName: "acme-e2e", program },
                { workDir, pulumiCommand, projectSettings },
            ),
        );
        // The provider's configuration: its region is the default, its token a secret.
        await stack.setConfig("acme:apiToken", { value: apiToken, secret: true });
        console.log(`pulumi ${pulumiCommand.version}, project in ${workDir}, cloud in ${stateDir()}`);
    });

    // 1. The preview of the first up calls the functions whose inputs it knows, and not the one whose
    // input is the output of a resource it has yet to create.
    await step("1a", "preview calls the functions whose inputs are known", async () => {
        phase = "base";
        const ops = new Ops(true);
        const res = await stack.preview({ onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(counts(res.changeSummary), { create: RESOURCES + 1 });
        assert.deepEqual(called.preview.zones, ["us-west-1a", "us-west-1b", "us-west-1c"]);
        assert.equal(called.preview.ubuntu?.id, "img-2404a1b2c3");
        assert.equal(called.preview.objectURL, undefined, "the Output form was answered before its bucket existed");
    });

    // Every resource type is created; capabilities, nested values and outputs make the round trip.
    let created!: Map<string, StateResource>;
    await step("1b", "up creates every resource type", async () => {
        phase = "base";
        const ops = new Ops(false);
        const res = await stack.up({ onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(counts(res.summary.resourceChanges), { create: RESOURCES + 1 });
        created = await resources(stack);
        assert.equal(created.size, RESOURCES);
        assert.deepEqual([...new Set([...created.values()].map((r) => r.type))].sort(), types);
        assert.deepEqual(ops.with("create"), [...created.keys()].sort());
        assertCloudMatches(created);
        await assertProviderVersion(stack);

        // Capabilities: the provider of the dependent received the referenced resource's ID (and URN).
        const ref = (k: string) => ({ urn: created.get(k)!.urn, id: created.get(k)!.id });
        assert.deepEqual(record(created, "Subnet::a").VPC, ref("VPC::main"));
        const vm = record(created, "Instance::web");
        assert.deepEqual(vm.Subnet, ref("Subnet::a"));
        assert.deepEqual(vm.Image, ref("Image::base"));
        assert.deepEqual(vm.KeyPair, ref("KeyPair::deployer"));
        assert.deepEqual(vm.Role, ref("Role::app"));
        assert.deepEqual(vm.SecurityGroups, [ref("SecurityGroup::web")]);
        assert.deepEqual(record(created, "Volume::data").Instance, ref("Instance::web"));
        assert.deepEqual(record(created, "AccessKey::alice").User, ref("User::alice"));
        assert.deepEqual(record(created, "PolicyAttachment::read-site-alice").Target, ref("User::alice"));
        assert.deepEqual(record(created, "BucketObject::index").Bucket, ref("Bucket::site-e2e"));
        const lb = record(created, "LoadBalancer::front");
        assert.deepEqual(lb.Subnets, [ref("Subnet::a"), ref("Subnet::b")]);
        assert.deepEqual(lb.Targets, [ref("Instance::web"), ref("Function::api")]);
        assert.deepEqual(record(created, "Function::api").Subnets, [ref("Subnet::a"), ref("Subnet::b")]);
        assert.deepEqual(record(created, "Function::api").EventSources, [ref("Bucket::site-e2e")]);
        assert.deepEqual(record(created, "User::alice").Groups, [ref("Group::devs")]);
        assert.deepEqual(record(created, "Role::app").Policies, [ref("Policy::read-site")]);

        // Nested structs, arrays, maps and enums, as the provider received them.
        const outs = res.outputs;
        const site = record(created, "Bucket::site-e2e");
        assert.equal(site.ACL, "public-read");
        assert.deepEqual(site.LifecycleRules, [
            {
                Prefix: "logs/",
                Enabled: true,
                Transitions: [{ Days: 30, StorageClass: "INFREQUENT_ACCESS" }],
                Expiration: { Days: 365, NoncurrentDays: 30 },
            },
        ]);
        const replicaArn = created.get("Bucket::replica-e2e")!.outputs!.arn;
        assert.equal(replicaArn, "arn:acme:storage::123456789012:replica-e2e");
        // The named resources the program did not name got names from their own and a random suffix.
        const autoname = (logical: string) => new RegExp(`^${logical}-[0-9a-f]{7}$`);
        assert.match(site.Name, autoname("site-e2e"));
        assert.match(record(created, "User::alice").Name, autoname("alice"));
        assert.match(record(created, "KeyPair::spare").Name, autoname("spare"));
        assert.deepEqual(site.Replication, { "eu-west-1": { BucketARN: replicaArn, StorageClass: "ARCHIVE" } });
        assert.deepEqual(record(created, "Policy::read-site").Document, {
            Version: "2024-01-01",
            Statement: [
                {
                    Effect: "Allow",
                    Action: ["storage:GetObject"],
                    Resource: `arn:acme:storage::123456789012:${site.Name}`,
                },
            ],
        });
        assert.deepEqual(record(created, "SecurityGroup::web").Ingress, [
            { IPProtocol: "tcp", FromPort: 443, ToPort: 443, CIDRBlocks: ["0.0.0.0/0"], Self: null, Description: null },
            { IPProtocol: "icmp", FromPort: 0, ToPort: 0, CIDRBlocks: null, Self: true, Description: "ping" },
        ]);
        assert.deepEqual(vm.RootDisk, { SizeGiB: 40, Kind: "ssd", Encrypted: true, DeleteOnTermination: null });
        assert.deepEqual(vm.MaintenanceWindow, { Day: "sunday", StartTime: "03:30", DurationHours: 2 });
        assert.deepEqual(lb.Listeners, [{ Port: 80, Protocol: "HTTP", TargetPort: 8080, CertificateARN: null }]);
        assert.deepEqual(lb.HealthCheck.Headers, { Host: "www.acme.example" });
        assert.deepEqual(record(created, "VPC::main").Tags, { env: "e2e", team: "infra" });

        // The out properties, back in the program.
        const out = (k: string) => outs[k]?.value;
        const vpcId = created.get("VPC::main")!.id!;
        assert.equal(out("vpcId"), vpcId);
        assert.equal(out("vpcArn"), `arn:acme:network:us-west-1:123456789012:vpc/${vpcId}`);
        assert.match(out("vpcIPv6"), /^2600:1f18:[0-9a-f]{4}::\/56$/);
        assert.equal(out("subnetZone"), "us-west-1c"); // the third zone listZones returned
        assert.equal(out("subnetFree"), 251);
        assert.equal(out("groupID"), created.get("SecurityGroup::web")!.id);
        assert.match(out("roleArn"), /^arn:acme:iam::123456789012:role\/services\/app-[0-9a-f]{7}$/);
        assert.match(out("roleUniqueId"), /^AROA[0-9A-F]{16}$/);
        assert.equal(out("policyVersion"), "v1");
        assert.match(out("groupArn"), /^arn:acme:iam::123456789012:group\/engineering\/devs-[0-9a-f]{7}$/);
        assert.match(out("userArn"), /^arn:acme:iam::123456789012:user\/engineering\/alice-[0-9a-f]{7}$/);
        assert.match(out("accessKeyId"), /^AKIA[0-9A-F]{16}$/);
        assert.equal(out("accessKeyId"), created.get("AccessKey::alice")!.id);
        assert.ok(!Number.isNaN(Date.parse(out("accessKeyCreated"))));
        assert.equal(out("accessKeyEncrypted"), "undefined");
        const fingerprint = crypto.createHash("sha256").update(keyBlob).digest("base64").replace(/=+$/, "");
        assert.equal(out("fingerprint"), "SHA256:" + fingerprint);
        assert.equal(out("imageSize"), 8);
        assert.equal(out("vmPrivateIP"), "10.0.1.5");
        assert.equal(out("vmPublicIP"), "203.0.113.6");
        assert.equal(out("vmStatus"), "running");
        assert.equal(out("volumeDevice"), "/dev/vdb");
        assert.match(out("fnUrl"), /^https:\/\/fn-[0-9a-f]{16}\.fn\.us-west-1\.acme\.example\/$/);
        assert.match(out("fnCodeSha"), /^[A-Za-z0-9+/]{43}=$/);
        assert.match(out("lbDNS"), /^front-[0-9a-f]{7}-lb-[0-9a-f]{16}\.lb\.acme\.example$/);
        assert.equal(out("siteDomain"), `${site.Name}.storage.us-west-1.acme.example`);
        assert.equal(out("objectETag"), crypto.createHash("md5").update(indexHTML).digest("hex"));
        assert.equal(out("objectSize"), Buffer.byteLength(indexHTML));
        assert.match(out("objectVersion"), /^[0-9a-f]{32}$/); // the bucket is versioned

        // Secrets stay secret, inputs and outputs alike: the engine knows them as such (the export shows
        // their values), and the backend keeps them encrypted.
        // An output holding a secret is secret as a whole.
        const obj = created.get("BucketObject::index")!;
        assert.ok(isSecret(obj.outputs!.metadata));
        assert.deepEqual(JSON.parse(obj.outputs!.metadata.plaintext), { owner: "web", token: secrets[2] });
        // An output the IDL declares secret is secret, though the program never saw it.
        const accessSecret = created.get("AccessKey::alice")!.outputs!.secret;
        assert.ok(isSecret(accessSecret));
        assert.match(JSON.parse(accessSecret.plaintext), /^[0-9a-f]{40}$/);
        assert.equal(JSON.parse(accessSecret.plaintext), record(created, "AccessKey::alice").Secret);
        // Functions: the plain form's results, all of them, typed.
        const ubuntu = called.update.ubuntu!;
        assert.deepEqual(
            { id: ubuntu.id, format: ubuntu.format, sizeGiB: ubuntu.sizeGiB, public: ubuntu.public },
            { id: "img-2404a1b2c3", format: acme.compute.ImageFormatRaw, sizeGiB: 8, public: true },
        );
        assert.match(ubuntu.arn, /^arn:acme:compute:[a-z0-9-]+:acme:image\/img-2404a1b2c3$/);
        assert.equal(ubuntu.description, "Ubuntu 24.04 LTS with acme-init");
        // The Output form's result, once its bucket existed: its URL is a secret, as the IDL declares it,
        // in the program and in the state (the stack's outputs).
        const url = called.update.objectURL!;
        assert.match(
            url,
            new RegExp(`^https://${site.Name}\\.storage\\.us-west-1\\.acme\\.example/index\\.html\\?expires=\\d+&signature=[0-9a-f]{64}$`),
        );
        assert.equal(outs.objectURL.value, url);
        assert.equal(outs.objectURL.secret, true);
        const stackOutputs = (await stack.exportStack()).deployment.resources.find(
            (r: StateResource) => r.type === "pulumi:pulumi:Stack",
        ).outputs;
        assert.ok(isSecret(stackOutputs.objectURL), "the signed URL is in the state in plain text");
        secrets.push(url);
        assertSecretsHidden(created, secrets);
        assertNoPlainSecrets(secrets);
        // The state as `pulumi stack export` writes it, for e2e_test.go to validate against the IDL.
        const exportTo = process.env.CIDLC_E2E_EXPORT;
        if (exportTo) {
            fs.writeFileSync(exportTo, JSON.stringify(await stack.exportStack(), null, 4) + "\n");
        }
    });

    // 2. A change of the program that changes no input is no change.
    await step("2", "preview after a no-op change shows no changes", async () => {
        phase = "noop";
        const ops = new Ops(true);
        const res = await stack.preview({ expectNoChanges: true, onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(counts(res.changeSummary), { same: RESOURCES + 1 });
        assert.deepEqual(ops.with("same"), [...created.keys()].sort());
    });

    // 3. A plain property is updated in place; a replaces property replaces the resource: the new one
    // is created before the old one is deleted, unless the replacement keeps its name, which the cloud
    // would refuse to a second object: the runtime then asks the engine to delete first, as for the
    // bucket the program names (bucket names are global). An autonamed key pair's replacement gets a
    // new name, and is created first. No Differ of the provider's decides either. And a user is imported
    // by its ID, without its write-only password.
    let changed!: Map<string, StateResource>;
    await step("3", "up updates in place, replaces, and imports", async () => {
        phase = "change";
        importAlice = created.get("User::alice")!.id!;
        const ops = new Ops(false);
        const res = await stack.up({ onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(counts(res.summary.resourceChanges), { same: RESOURCES + 1 - 5, update: 2, replace: 3, import: 1 });
        assert.deepEqual(ops.with("update"), ["Function::api", "VPC::main"]);
        assert.deepEqual(ops.with("replace"), ["Bucket::replica-e2e", "BucketObject::index", "KeyPair::spare"]);
        assert.deepEqual(ops.with("import"), ["User::alice-imported"]);
        assert.deepEqual(ops.byKey.get("BucketObject::index"), ["create-replacement", "replace", "delete-replaced"]);
        assert.deepEqual(ops.byKey.get("Bucket::replica-e2e"), ["delete-replaced", "replace", "create-replacement"]);
        assert.deepEqual(ops.byKey.get("KeyPair::spare"), ["create-replacement", "replace", "delete-replaced"]);
        changed = await resources(stack);
        assert.equal(changed.size, RESOURCES + 1);
        assertCloudMatches(changed);

        // Updated: the same ID, the new tags, in the state and in the cloud.
        const before = created.get("VPC::main")!;
        const after = changed.get("VPC::main")!;
        assert.equal(after.id, before.id);
        assert.deepEqual(after.outputs!.tags, { env: "e2e", team: "infra", stage: "two" });
        assert.deepEqual(record(changed, "VPC::main").Tags, { env: "e2e", team: "infra", stage: "two" });
        assert.equal(after.outputs!.arn, before.outputs!.arn);
        // The function's update deploys the code again, from the archive in the new inputs (the engine
        // sends the old state without the archive's contents): the same code, the same hash.
        const fn = changed.get("Function::api")!;
        assert.equal(fn.id, created.get("Function::api")!.id);
        assert.equal(record(changed, "Function::api").MemoryMB, 512);
        assert.equal(fn.outputs!.codeSHA256, created.get("Function::api")!.outputs!.codeSHA256);

        // Replaced: a new ID; the old object is gone from the cloud.
        const oldObj = created.get("BucketObject::index")!;
        const newObj = changed.get("BucketObject::index")!;
        assert.notEqual(newObj.id, oldObj.id);
        assert.equal(record(changed, "BucketObject::index").Key, "home.html");
        assert.ok(
            !fs.existsSync(path.join(stateDir(), cloudPath(oldObj.type, oldObj.id!))),
            "the replaced object is still in the cloud",
        );
        // Replaced, deleted first: the bucket's name, which is its ID, is the same; its region is not.
        const replica = changed.get("Bucket::replica-e2e")!;
        assert.equal(replica.id, created.get("Bucket::replica-e2e")!.id);
        assert.equal(record(changed, "Bucket::replica-e2e").Region, "eu-central-1");
        assert.equal(replica.outputs!.domainName, "replica-e2e.storage.eu-central-1.acme.example");
        // Replaced, created first: the key pair has another name the provider made up.
        const spare = (m: Map<string, StateResource>) => m.get("KeyPair::spare")!;
        assert.notEqual(spare(changed).id, spare(created).id);
        assert.notEqual(spare(changed).outputs!.name, spare(created).outputs!.name);
        assert.match(spare(changed).outputs!.name, /^spare-[0-9a-f]{7}$/);
        // Imported: alice, without a password, which neither the state nor the inputs hold.
        const imported = changed.get("User::alice-imported")!;
        assert.equal(imported.id, importAlice);
        assert.equal(imported.outputs!.name, created.get("User::alice")!.outputs!.name);
        assert.ok(!("password" in imported.inputs!) && !("password" in imported.outputs!), "the imported user has a password");

        // Everything else is as it was.
        const touched = ["VPC::main", "Function::api", "BucketObject::index", "Bucket::replica-e2e", "KeyPair::spare", "User::alice-imported"];
        const same = (m: Map<string, StateResource>) =>
            comparable(new Map([...m].filter(([k]) => !touched.includes(k))));
        assert.deepEqual(same(changed), same(created));
    });

    // 4. Inputs the provider rejects fail the update with the provider's message for the property, and
    // change nothing.
    // A rule across properties and a check in CEL fail the preview already, naming the properties.
    const rejected: [string, Phase, string, RegExp, "preview"?][] = [
        [
            "4a",
            "badEnum",
            "a value outside its enum",
            /acl.*"world-writable" is not a valid CannedACL; want one of "private", "public-read", "authenticated-read"/,
        ],
        ["4b", "missing", "a missing required input", /availabilityZone.*missing required property/],
        ["4c", "badContract", "a value breaking its contract", /iops.*50 is less than the minimum 100/],
        [
            "4d",
            "badInvoke",
            "a function's input the provider rejects",
            /Invoke of 'acme:compute\/image:getImage' failed: no image named "no-such-image".* \(name\)/,
        ],
        [
            "4e",
            "badRule",
            "a rule across properties broken",
            /healthCheck\.headers.*headers requires path, which is not set/,
            "preview",
        ],
        [
            "4f",
            "badCheck",
            "a check in CEL broken",
            /listeners\[1\].*an HTTPS listener needs a certificateARN/,
            "preview",
        ],
    ];
    for (const [no, p, what, message, op] of rejected) {
        await step(no, `${op ?? "up"} with ${what} fails and changes nothing`, async () => {
            const cloudBefore = cloud();
            phase = p;
            const msg = await failure(() => (op === "preview" ? stack.preview() : stack.up()));
            assert.match(msg, message);
            const after = await resources(stack);
            assert.deepEqual(comparable(after), comparable(changed));
            assert.deepEqual(cloud(), cloudBefore);
            // The message as the user sees it.
            console.log(
                "  the user sees: " +
                    msg
                        .split("\n")
                        .find((l) => message.test(l))!
                        .trim(),
            );
        });
    }

    let refreshedState!: Map<string, StateResource>;
    // 5. Refresh reads the resources back through the generated Read: changes made behind Pulumi's back
    // show in the state, a resource deleted behind its back leaves it. A write-only password, which the
    // cloud returns as a hash, is no change: alice keeps the program's, secret, and the imported alice
    // none.
    await step("5", "refresh reads back changes made outside Pulumi", async () => {
        phase = "change";
        writeRecord(changed, "Instance::web", (rec) => (rec.Status = "stopped"));
        writeRecord(changed, "VPC::main", (rec) => (rec.Tags.owner = "ops"));
        fs.rmSync(
            path.join(stateDir(), cloudPath("acme:iam/accessKey:AccessKey", changed.get("AccessKey::alice")!.id!)),
        );

        const ops = new Ops(false);
        const res = await stack.refresh({ onEvent: ops.onEvent });
        assertQuiet(res);
        // The engine reports a refreshed resource as updated when the provider's Diff of its old and new
        // inputs finds a change: the VPC's tags; not the instance's status, an output.
        assert.deepEqual(counts(res.summary.resourceChanges), { same: RESOURCES + 2 - 2, update: 1, delete: 1 });
        assert.deepEqual(ops.with("update"), ["VPC::main"]);
        assert.deepEqual(ops.with("delete"), ["AccessKey::alice"]);
        const refreshed = await resources(stack);
        const password = refreshed.get("User::alice")!.inputs!.password;
        assert.ok(isSecret(password) && JSON.parse(password.plaintext) === secrets[0], "alice's password is not her program's, secret");
        assert.ok(!("password" in refreshed.get("User::alice-imported")!.inputs!), "the imported alice has a password");
        assert.equal(refreshed.get("Instance::web")!.outputs!.status, "stopped");
        assert.deepEqual(refreshed.get("VPC::main")!.outputs!.tags, {
            env: "e2e",
            team: "infra",
            stage: "two",
            owner: "ops",
        });
        assert.ok(!refreshed.has("AccessKey::alice"));
        assertCloudMatches(refreshed);
        // Nothing else changed. The engine sends Read the old state with the contents of assets and
        // archives elided, keeping only their hashes (by which it compares them), so that is what the
        // provider can give back.
        for (const [k, r] of refreshed) {
            if (k !== "VPC::main" && k !== "Instance::web") {
                assert.deepEqual(hashesOnly(r.outputs), hashesOnly(changed.get(k)!.outputs), `${k} changed on refresh`);
            }
        }

        refreshedState = refreshed;
    });

    // The program now differs from the cloud where the cloud changed inputs: up undoes the tag and
    // creates the access key again, and nothing else (the status is an output). It also reads three
    // resources by ID, with get, through the provider's Read: a user without its write-only password.
    await step("5b", "up undoes the drift, get reads resources by ID", async () => {
        phase = "read";
        const ops = new Ops(false);
        const res = await stack.up({ onEvent: ops.onEvent });
        assertQuiet(res);
        // (The summary does not count reads.)
        assert.deepEqual(counts(res.summary.resourceChanges), { same: RESOURCES + 2 - 2, update: 1, create: 1 });
        assert.deepEqual(ops.with("update"), ["VPC::main"]);
        assert.deepEqual(ops.with("create"), ["AccessKey::alice"]);
        assert.deepEqual(ops.with("read"), ["Instance::web-seen", "User::alice-seen", "VPC::main-seen"]);
        const state = await resources(stack);
        assert.deepEqual(state.get("VPC::main")!.outputs!.tags, { env: "e2e", team: "infra", stage: "two" });
        assert.equal(state.get("VPC::main-seen")!.id, state.get("VPC::main")!.id);
        // What get read is what the cloud holds.
        const out = (k: string) => res.outputs[k]?.value;
        assert.deepEqual(out("seenVPCTags"), { env: "e2e", team: "infra", stage: "two" });
        assert.equal(out("seenVPCCidr"), "10.0.0.0/16");
        assert.equal(out("seenVMStatus"), "stopped");
        assert.equal(out("seenVMSubnet"), state.get("Subnet::a")!.id);
        assert.deepEqual(out("seenVMGroups"), [state.get("SecurityGroup::web")!.id]);
        assert.equal(out("seenAlicePath"), "/engineering/");
        assert.equal(out("seenAlicePassword"), "undefined");
        assert.equal(refreshedState.size + 1 + 3, state.size);
    });

    // 6. A change of an immutable property (the volume's encryption) fails the preview, and the update,
    // with a message that names the property, both values and the way out, and changes nothing.
    let beforeImmutable!: Map<string, StateResource>;
    await step("6a", "a change of an immutable property fails preview and up, and changes nothing", async () => {
        beforeImmutable = await resources(stack);
        const cloudBefore = cloud();
        const urn = beforeImmutable.get("Volume::data")!.urn;
        const message =
            `Volume "data": encrypted is immutable, and this update would change it from true to false. ` +
            `It is set when the resource is created and cannot change afterwards, and replacing the resource to ` +
            `change it would lose what the resource holds. Set it back to true to keep the resource, or replace ` +
            `the resource deliberately: pulumi up --replace '${urn}'`;
        phase = "immutable";
        for (const [what, run] of [
            ["preview", () => stack.preview()],
            ["up", () => stack.up()],
        ] as const) {
            const msg = await failure(run);
            const line = msg.split("\n").find((l) => l.includes(message));
            assert.ok(line, `${what} failed, but not with the message of the immutable property:\n${msg}`);
            console.log(`  ${what}: the user sees: ${line.trim()}`);
        }
        assert.deepEqual(comparable(await resources(stack)), comparable(beforeImmutable));
        assert.deepEqual(cloud(), cloudBefore);
    });

    // The resource options still apply: ignoreChanges ignores the change, replaceOnChanges replaces the
    // resource for it.
    await step("6b", "ignoreChanges and replaceOnChanges on an immutable property", async () => {
        phase = "immutableIgnored";
        let ops = new Ops(true);
        const res = await stack.preview({ expectNoChanges: true, onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(ops.byKey.get("Volume::data"), ["same"]);
        phase = "immutableReplaceOnChanges";
        ops = new Ops(true);
        assertQuiet(await stack.preview({ onEvent: ops.onEvent }));
        assert.deepEqual(ops.byKey.get("Volume::data"), ["create-replacement", "replace", "delete-replaced"]);
    });

    // The deliberate way: up --replace replaces the volume, whose replacement has the new value.
    await step("6c", "up --replace replaces the resource, with the immutable property's new value", async () => {
        phase = "immutable";
        const before = beforeImmutable.get("Volume::data")!;
        const preview = await stack.preview({ replace: [before.urn] });
        assertQuiet(preview);
        assert.equal(counts(preview.changeSummary).replace, 1);
        const ops = new Ops(false);
        const res = await stack.up({ replace: [before.urn], onEvent: ops.onEvent });
        assertQuiet(res);
        assert.deepEqual(ops.with("replace"), ["Volume::data"]);
        assert.deepEqual(ops.byKey.get("Volume::data"), ["create-replacement", "replace", "delete-replaced"]);
        const after = await resources(stack);
        const now = after.get("Volume::data")!;
        assert.notEqual(now.id, before.id);
        assert.equal(now.outputs!.encrypted, false);
        assert.equal(record(after, "Volume::data").Encrypted, false);
        assert.ok(
            !fs.existsSync(path.join(stateDir(), cloudPath(before.type, before.id!))),
            "the replaced volume is still in the cloud",
        );
        assertCloudMatches(new Map([...after].filter(([k]) => !k.endsWith("-seen"))));
        const others = (m: Map<string, StateResource>) =>
            comparable(new Map([...m].filter(([k]) => k !== "Volume::data")));
        assert.deepEqual(others(after), others(beforeImmutable));
    });

    // 7. An instance that boots past the program's customTimeouts fails the update at the timeout, with
    // a message that names it and how to raise it, and is kept, pending: the next update, with the IDL's
    // default timeout, waits for it to boot. Meanwhile the user sees it boot, beside the resource.
    await step("7a", "an instance that boots past its timeout fails at the timeout, and is kept", async () => {
        process.env.ACME_BOOT_TIME = "60s"; // the plugin's: the CLI starts it with this environment
        phase = "slowTimeout";
        const start = Date.now();
        const msg = await failure(() => stack.up());
        const took = (Date.now() - start) / 1000;
        assert.match(
            msg,
            /Instance "slow": create timed out after 2s \(the program's customTimeouts\.create\); give it more time with the customTimeouts resource option, such as \{ create: "4s" \}: instance i-[0-9a-f]{16} did not finish booting/,
        );
        assert.ok(took < 30, `the update took ${took}s: it waited for the boot (60s), not for the timeout (2s)`);
        console.log(`  the update failed after ${took.toFixed(1)}s; the user sees: ${msg.split("\n").find((l) => l.includes("timed out"))!.trim()}`);
        const kept = ((await stack.exportStack()).deployment.resources as (StateResource & { initErrors?: string[] })[]).find(
            (r) => key(r.urn) === "Instance::slow",
        );
        assert.ok(kept?.id, "the instance that timed out is not in the state");
        assert.equal(kept.outputs!.status, "pending");
        assert.match(kept.initErrors?.[0] ?? "", /create timed out after 2s/);
        assert.equal(record(await resources(stack), "Instance::slow").Status, "pending");
    });

    await step("7b", "the next update, with the default timeout, waits for the boot", async () => {
        process.env.ACME_BOOT_TIME = "3s";
        phase = "slowDefault";
        const ops = new Ops(false);
        const booting: string[] = [];
        const res = await stack.up({
            onEvent: (e) => {
                ops.onEvent(e);
                const d = e.diagnosticEvent;
                if (d?.ephemeral && d.urn && key(d.urn) === "Instance::slow") {
                    booting.push(d.message);
                }
            },
        });
        delete process.env.ACME_BOOT_TIME;
        assertQuiet(res);
        assert.deepEqual(ops.with("update"), ["Instance::slow"]);
        assert.equal(record(await resources(stack), "Instance::slow").Status, "running");
        assert.ok(
            booting.some((m) => /^booting \(\ds of 3s\)/.test(m)),
            `no status of the instance's boot in the event stream: ${JSON.stringify(booting)}`,
        );
    });

    // 8. Destroy deletes everything: the cloud is empty, the stack has no resources. The resources read
    // with get are only forgotten: Pulumi does not manage them. A resource that was deleted behind
    // Pulumi's back is forgotten too, with a warning under it, in the output and the event stream.
    await step("8", "destroy leaves nothing behind", async () => {
        const before = await resources(stack);
        const deployer = before.get("KeyPair::deployer")!;
        fs.rmSync(path.join(stateDir(), cloudPath(deployer.type, deployer.id!)));
        const ops = new Ops(false);
        const warnings: string[] = [];
        const res = await stack.destroy({
            onEvent: (e) => {
                ops.onEvent(e);
                const d = e.diagnosticEvent;
                if (d?.severity === "warning") {
                    warnings.push(`${d.urn}: ${d.message.trim()}`);
                }
            },
        });
        const gone = `KeyPair "deployer" was already gone (deleted outside of Pulumi?); it is removed from the stack`;
        assert.deepEqual(warnings, [`${deployer.urn}: ${gone}`], "the warnings of destroy's events");
        // In the engine's output, under its resource.
        const out = res.stdout.replace(/\x1b\[[0-9;]*m/g, "");
        assert.match(out, new RegExp(`acme:compute:KeyPair \\(deployer\\):\\s+warning: ${gone.replace(/[()?]/g, "\\$&")}`));
        assertQuiet({ stdout: out.replaceAll(`warning: ${gone}`, ""), stderr: res.stderr });
        const managed = [...before.keys()].filter((k) => !k.endsWith("-seen")).sort();
        assert.deepEqual(counts(res.summary.resourceChanges), { delete: managed.length + 1, discard: 3 });
        assert.deepEqual(ops.with("delete"), managed);
        assert.deepEqual(ops.with("discard"), ["Instance::web-seen", "User::alice-seen", "VPC::main-seen"]);
        assert.deepEqual([...cloud().keys()], []);
        const deployment = await stack.exportStack();
        assert.deepEqual(deployment.deployment.resources ?? [], []);
        await stack.workspace.removeStack("e2e");
        // The secrets of the program and of the stack, and those the provider made (the access key's).
        const accessKeySecret = JSON.parse(created.get("AccessKey::alice")!.outputs!.secret.plaintext);
        assertLogsHideSecrets("acme", [...secrets, accessKeySecret]);
    });

    finish(start);
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
