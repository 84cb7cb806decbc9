// The end-to-end test of the provider's configuration: a program written against the generated example
// package ("acme"), deployed by the real Pulumi engine with the provider plugin built from the generated
// stubs, that uses three provider instances at once:
//
//   - the default provider, configured by the stack (`pulumi config set acme:region`, and the API token
//     with --secret), with tracing turned on by an environment variable that the stack does not set;
//   - an explicit provider with a region and a token of its own (acme.Provider's arguments);
//   - an explicit provider whose region and token come from the program's environment.
//
// Each has a VPC that names no region, which goes to its provider's region. The steps:
//
//   1. up: every VPC is where its provider says, the configuration is recorded as typed values, its
//      secrets secret; no secret is in the state or in the engine's output, where the provider's
//      tracing shows
//   1b. up of a second stack of the program, beside the first: the names the provider makes up (the
//      VPCs' own and a random suffix) differ, and Acme Cloud, which refuses a second VPC of a name in a
//      region, takes them all
//   1c. previews of a third stack under each autonaming configuration the engine sends the provider
//      (pulumi:autonaming): a pattern names each VPC as it says, verbatim by its own name, and disabled
//      fails, asking the program for a name
//   2. preview without the stack's token fails, naming the key acme:apiToken and how to set it
//   3. up with new tokens (the stack's and an explicit provider's): the providers are updated in place,
//      and no resource is replaced
//   4. up with another region in the stack: the default provider is replaced, and its VPC with it; the
//      other providers' VPCs stay
//   5. destroy of both stacks leaves nothing behind
//
// e2e/e2e_test.go builds everything and runs this after program.ts; it exits non-zero at the first failed
// check. Its environment is program.ts's, but for the project's directory: E2E_CONFIG_WORK_DIR.

import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, ProjectSettings, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import * as acme from "acme";
import {
    assertNoPlainSecrets,
    assertSecretsHidden,
    cloud,
    counts,
    env,
    failure,
    finish,
    isSecret,
    newToken,
    Ops,
    record,
    resources,
    StateResource,
    step,
} from "./support";

// The variants of the program: new tokens from step 3 on; in step 2, where the stack has no token, the
// program does not read it (acme.config would say it is missing, before the engine could).
let rotated = false;
let readsToken = true;

// The tokens: the stack's, and those of the explicit providers, before and after step 3.
const stackToken = newToken();
const stackToken2 = newToken();
const farToken = newToken();
const farToken2 = newToken();
const nearToken = newToken();
const secrets = [stackToken, stackToken2, farToken, farToken2, nearToken];

// The variables of the configuration, which neither this process nor the engine's may hold unless a
// step sets them.
const configVariables = ["ACME_REGION", "ACME_TOKEN", "ACME_API_TOKEN", "ACME_TRACING"];

async function program(): Promise<Record<string, unknown>> {
    // The default provider's: the stack's configuration.
    const home = new acme.network.VPC("home", { cidrBlock: "10.0.0.0/16" });
    // An explicit provider of its own region and token.
    const far = new acme.Provider("far", {
        region: "ap-northeast-1",
        apiToken: pulumi.secret(rotated ? farToken2 : farToken),
    });
    const farNet = new acme.network.VPC("far-net", { cidrBlock: "10.1.0.0/16" }, { provider: far });
    // One whose configuration the program's environment gives.
    process.env.ACME_REGION = "ap-south-1";
    process.env.ACME_API_TOKEN = nearToken;
    const near = new acme.Provider("near");
    for (const v of configVariables) {
        delete process.env[v];
    }
    const nearNet = new acme.network.VPC("near-net", { cidrBlock: "10.2.0.0/16" }, { provider: near });
    // The stack's configuration, as the program reads it.
    return {
        homeArn: home.arn,
        farArn: farNet.arn,
        nearArn: nearNet.arn,
        region: acme.config.region,
        tracing: acme.config.tracing ?? "unset",
        token: readsToken ? acme.config.apiToken : "unread",
    };
}

// How a secret value is marked on the wire: { [sigKey]: secretSig, value }.
const secretSig = "1b47061264138c4ac30d75fd1eb44270";

// The operations' output: the engine's, with its debug messages, which hold the provider's standard error
// (its tracing).
let output = "";
const shown = {
    onOutput: (line: string): void => {
        output += line;
    },
    debug: true,
};

// assertNoSecretsShown checks the backend's files (the state as the engine keeps it), the state as it
// exports it (where a secret's value shows inside its secret envelope, and nowhere else) and everything
// the engine printed: no secret in plain text, anywhere.
async function assertNoSecretsShown(stack: Stack): Promise<void> {
    assertNoPlainSecrets(secrets);
    assertSecretsHidden(await state(stack), secrets);
    for (const s of secrets) {
        // With --debug, the Node SDK logs the responses of its RegisterResource calls, an explicit
        // provider's with its token inside the secret's envelope (the wire form, flattened:
        // "<secret sig>,value,,,<the value>"), as the exported state shows it inside one: no leak. Anywhere
        // else, a secret would be.
        const enveloped = `${secretSig},value,,,${s}`;
        const lines = output
            .split("\n")
            .filter((l) => l.replaceAll(enveloped, "").includes(s))
            .map((l) => l.replaceAll(s, "<SECRET>"));
        assert.deepEqual(lines, [], "a secret is in the engine's output in plain text");
    }
    // The provider's log is part of that output: tracing logs every call.
    assert.match(output, /acme: put network\/VPC\/vpc-[0-9a-f]{16}/, "the provider's tracing is not in the engine's output");
}

// The state of the providers and the VPCs, by key ("acme::far", "VPC::home").
async function state(stack: Stack): Promise<Map<string, StateResource>> {
    return resources(stack, ["acme:", "pulumi:providers:acme"]);
}

// The key of the default provider: its name holds the version that the package's resources ask the
// engine for, the package's (default_0_1_0 for 0.1.0).
const defaultKey = `acme::default_${(require("acme/package.json").version as string).replace(/[^A-Za-z0-9]/g, "_")}`;

// The default provider in a state: its name holds the plugin's version.
function defaultProvider(s: Map<string, StateResource>): StateResource {
    const found = [...s].filter(([k]) => k.startsWith("acme::default"));
    assert.deepEqual(
        found.map(([k]) => k),
        [defaultKey],
        "the default providers",
    );
    return found[0][1];
}

async function main(): Promise<void> {
    const start = process.hrtime.bigint();
    for (const v of configVariables) {
        delete process.env[v];
    }

    // A stack of the program, in eu-west-1 with the stack's token, the engine's environment envVars (which
    // the provider inherits), and its autonaming configuration (pulumi:autonaming's keys: mode, pattern).
    const newStack = async (name: string, envVars: Record<string, string> = {}, autonaming: Record<string, string> = {}): Promise<Stack> => {
        const pulumiCommand = await PulumiCommand.get({ root: env("E2E_PULUMI_ROOT") });
        const projectSettings = {
            name: "acme-config",
            runtime: "nodejs",
            plugins: { providers: [{ name: "acme", path: env("E2E_PLUGIN_DIR") }] },
        } as ProjectSettings;
        const s = await LocalWorkspace.createOrSelectStack(
            { stackName: name, projectName: "acme-config", program },
            { workDir: env("E2E_CONFIG_WORK_DIR"), pulumiCommand, projectSettings, envVars },
        );
        await s.setConfig("acme:region", { value: "eu-west-1" });
        await s.setConfig("acme:apiToken", { value: stackToken, secret: true });
        for (const [k, v] of Object.entries(autonaming)) {
            await s.setConfig(`pulumi:autonaming.${k}`, { value: v }, true);
        }
        return s;
    };

    let stack!: Stack;
    await step("0", "create the stack and set its configuration", async () => {
        // Tracing, which the stack does not set, from the engine's environment.
        stack = await newStack("config", { ACME_TRACING: "true" });
    });

    let created!: Map<string, StateResource>;
    await step("1", "up: each provider's resources go where its configuration says", async () => {
        const res = await stack.up(shown);
        assert.deepEqual(counts(res.summary.resourceChanges), { create: 6 }); // 3 VPCs, 2 providers, the stack
        created = await state(stack);
        const region = (k: string) => record(created, k).Region;
        assert.equal(region("VPC::home"), "eu-west-1");
        assert.equal(region("VPC::far-net"), "ap-northeast-1");
        assert.equal(region("VPC::near-net"), "ap-south-1");
        const out = (k: string) => res.outputs[k];
        assert.match(out("homeArn").value, /^arn:acme:network:eu-west-1:/);
        assert.match(out("farArn").value, /^arn:acme:network:ap-northeast-1:/);
        assert.match(out("nearArn").value, /^arn:acme:network:ap-south-1:/);
        // The program reads the stack's configuration: the token as a secret.
        assert.equal(out("region").value, "eu-west-1");
        assert.equal(out("tracing").value, "unset"); // the engine's environment is not the program's
        assert.ok(out("token").secret, "acme.config.apiToken is not a secret output");
        assert.equal(out("token").value, stackToken);

        // What the engine recorded of each provider's configuration: typed values, what the environment
        // gave where nothing else did, the tokens secret.
        const inputs = defaultProvider(created).inputs!;
        assert.equal(inputs.region, "eu-west-1");
        assert.equal(inputs.tracing, true); // from $ACME_TRACING, which the stack does not set
        assert.ok(isSecret(inputs.apiToken), "the stack's token is not secret in the state");
        const far = created.get("acme::far")!.inputs!;
        assert.equal(far.region, "ap-northeast-1");
        assert.ok(isSecret(far.apiToken), "an explicit provider's token is not secret in the state");
        const near = created.get("acme::near")!.inputs!;
        assert.equal(near.region, "ap-south-1"); // from the program's environment
        assert.ok(isSecret(near.apiToken), "a token from the environment is not secret in the state");
        await assertNoSecretsShown(stack);
    });

    // The names of the VPCs of a stack, by key, as its provider made them.
    const vpcNames = (state: Map<string, StateResource>): Record<string, string> =>
        Object.fromEntries([...state].filter(([k]) => k.startsWith("VPC::")).map(([k, r]) => [k, r.outputs!.name]));

    let second!: Stack;
    await step("1b", "up of a second stack beside the first: the made-up names differ", async () => {
        second = await newStack("config-b");
        const res = await second.up(shown);
        assert.deepEqual(counts(res.summary.resourceChanges), { create: 6 });
        const names = vpcNames(await state(second));
        const firsts = vpcNames(created);
        for (const [k, name] of Object.entries(names)) {
            const logical = k.replace(/^VPC::/, "");
            assert.match(name, new RegExp(`^${logical}-[0-9a-f]{7}$`), `${k}'s name`);
            assert.match(firsts[k], new RegExp(`^${logical}-[0-9a-f]{7}$`), `${k}'s name in the first stack`);
            assert.notEqual(name, firsts[k], `${k} has one name in both stacks`);
        }
        // Every VPC of both stacks, side by side in the cloud.
        assert.equal([...cloud().keys()].filter((f) => f.startsWith("network/VPC/")).length, 6);
    });

    await step("1c", "the stack's autonaming configuration: a pattern, verbatim, disabled", async () => {
        // The names the preview's events show for the VPCs that a preview of stack would create.
        const previewed = async (stack: Stack): Promise<Record<string, string>> => {
            const names: Record<string, string> = {};
            const res = await stack.preview({
                ...shown,
                onEvent: (e) => {
                    const md = e.resourcePreEvent?.metadata;
                    if (md?.type === "acme:network/vpc:VPC") {
                        names[md.urn.replace(/^.*::/, "")] = md.new?.inputs?.name;
                    }
                },
            });
            assert.doesNotMatch(res.stdout, /does not support autonaming configuration/);
            return names;
        };
        const third = await newStack("config-c", {}, { pattern: "${stack}-${name}-${hex(4)}" });
        for (const [k, name] of Object.entries(await previewed(third))) {
            assert.match(name, new RegExp(`^config-c-${k}-[0-9a-f]{4}$`), `${k}'s name under a pattern`);
        }
        await third.removeConfig("pulumi:autonaming");
        await third.setConfig("pulumi:autonaming.mode", { value: "verbatim" }, true);
        assert.deepEqual(await previewed(third), { home: "home", "far-net": "far-net", "near-net": "near-net" });
        await third.setConfig("pulumi:autonaming.mode", { value: "disabled" }, true);
        const msg = await failure(() => third.preview(shown));
        // The engine stops at the first failing Check, of whichever VPC it checks first.
        assert.match(msg, /VPC resource '(home|far-net|near-net)': property name value \{<nil>\} has a problem: the stack's pulumi:autonaming configuration turns automatic names off \(mode: disabled\), and the program gives none: give the resource a name/);
        console.log("  the user sees: " + msg.split("\n").find((l) => l.includes("turns automatic names off"))!.trim());
        await third.workspace.removeStack("config-c");
    });

    await step("2", "preview without the stack's token fails, naming the key", async () => {
        await stack.removeConfig("acme:apiToken");
        readsToken = false;
        const msg = await failure(() => stack.preview(shown));
        readsToken = true;
        assert.match(msg, /missing required configuration key "acme:apiToken"/);
        assert.match(msg, /pulumi config set --secret acme:apiToken/);
        assert.match(msg, /\$ACME_TOKEN or \$ACME_API_TOKEN/);
        console.log("  the user sees: " + msg.split("\n").find((l) => l.includes("acme:apiToken"))!.trim());
        await stack.setConfig("acme:apiToken", { value: stackToken, secret: true });
    });

    await step("3", "up with new tokens updates the providers in place, and replaces nothing", async () => {
        rotated = true;
        await stack.setConfig("acme:apiToken", { value: stackToken2, secret: true });
        const ops = new Ops(false, ["acme:", "pulumi:providers:acme"]);
        const res = await stack.up({ ...shown, onEvent: ops.onEvent });
        // The explicit provider far is updated; the stack, near and the VPCs stay. (The default provider
        // is not counted.)
        assert.deepEqual(counts(res.summary.resourceChanges), { same: 5, update: 1 });
        assert.deepEqual(ops.with("update"), [defaultKey, "acme::far"]);
        assert.deepEqual(ops.with("replace"), []);
        const after = await state(stack);
        for (const [k, r] of created) {
            assert.equal(after.get(k)?.id, r.id, `${k} has another ID`);
        }
        // The default provider kept its ID, with the new token.
        assert.notDeepEqual(defaultProvider(after).inputs!.apiToken, defaultProvider(created).inputs!.apiToken);
        created = after;
        await assertNoSecretsShown(stack);
    });

    await step("4", "up with another region in the stack replaces the default provider's resources", async () => {
        await stack.setConfig("acme:region", { value: "eu-central-1" });
        const ops = new Ops(false);
        const res = await stack.up({ ...shown, onEvent: ops.onEvent });
        assert.deepEqual(ops.with("replace"), ["VPC::home"]);
        assert.ok(!counts(res.summary.resourceChanges).update, "an update besides the replacement");
        const after = await state(stack);
        assert.notEqual(defaultProvider(after).id, defaultProvider(created).id, "the default provider was not replaced");
        assert.notEqual(after.get("VPC::home")!.id, created.get("VPC::home")!.id);
        assert.equal(record(after, "VPC::home").Region, "eu-central-1");
        for (const k of ["VPC::far-net", "VPC::near-net", "acme::far", "acme::near"]) {
            const identity = (r?: StateResource) => ({ id: r?.id, inputs: r?.inputs, outputs: r?.outputs });
            assert.deepEqual(identity(after.get(k)), identity(created.get(k)), `${k} changed`);
        }
        await assertNoSecretsShown(stack);
    });

    await step("5", "destroy of both stacks leaves nothing behind", async () => {
        await second.destroy(shown);
        await second.workspace.removeStack("config-b");
        await stack.destroy(shown);
        assert.deepEqual([...cloud().keys()], []);
        await stack.workspace.removeStack("config");
    });

    finish(start);
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
