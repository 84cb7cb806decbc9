// The end-to-end test of a release (e2e/release_test.go): the README's program (index.ts, which the
// test takes from the README) deployed by the real Pulumi engine as a program author deploys it, with the
// example package installed by npm from its released tarball and no plugin installed: the engine must
// download the plugin of the package's version from the package's download URL by itself.
//
// The program runs inline (the Automation API hosts the Node.js language runtime in this process); it
// loads index.ts inside the inline program, so that the README's code registers its resources as
// `pulumi up` would run it, and its exports are the stack's outputs. One run does one thing, its argument:
//   init     create the stack and select it, for the README's `pulumi config set`
//   invoke   pulumi preview of a program that only calls a function of the package, in both forms
//            (listZones and listZonesOutput): the engine must find the plugin from the options of the
//            invokes alone, which say the package's version and download URL as a resource's do
//   up       pulumi up, then check what the engine recorded: every acme resource is managed by the
//            default provider of the package's version and download URL; with E2E_SAME set, the up
//            changed no acme resource (the same program after the package was upgraded or downgraded);
//            with E2E_UPGRADED set too, it updated the program's explicit provider to the package's
//            version, replacing nothing, and without, it left the explicit provider as it was
//   refresh  pulumi refresh; with E2E_EVOLVED set (package 0.2.0, see e2e/evolution_test.go), check that
//            the engine's state holds the subnet under its new token and nothing under the old one,
//            and the instance's status in its new shape, stamped with its state version
//   preview  pulumi preview --expect-no-changes: the program has nothing left to change
//   destroy  pulumi destroy: nothing is left
// It reads its environment (all required but E2E_SAME, E2E_UPGRADED and E2E_EVOLVED):
//   E2E_PULUMI_ROOT   the installation of the Pulumi CLI to use: $E2E_PULUMI_ROOT/bin/pulumi
//   E2E_WORK_DIR      the project's directory
//   E2E_VERSION       the version of the installed package, which the engine must use
//   E2E_PLUGIN_URL    the package's plugin download URL
//   ACME_STATE_DIR    the provider's cloud
// and expects the environment to set the Pulumi CLI up to run offline (PULUMI_BACKEND_URL,
// PULUMI_CONFIG_PASSPHRASE, PULUMI_HOME) with automatic plugin acquisition left on.

import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { EngineEvent, LocalWorkspace, OpType, PulumiCommand } from "@pulumi/pulumi/automation";
import * as acme from "acme";

function env(name: string): string {
    const v = process.env[name];
    assert.ok(v, `$${name} is not set`);
    return v;
}

// The ops of the acme resources' steps, by URN, from the engine's events; and those of the explicit
// provider, with the properties they change.
function recorder(): { ops: Map<string, OpType>; pinned: string[]; onEvent: (e: EngineEvent) => void } {
    const ops = new Map<string, OpType>();
    const pinned: string[] = [];
    return {
        ops,
        pinned,
        onEvent: (e) => {
            const md = e.resOutputsEvent?.metadata;
            if (md && md.type.startsWith("acme:")) {
                ops.set(md.urn, md.op);
            }
            if (md && md.type === "pulumi:providers:acme" && md.urn.endsWith("::pinned")) {
                pinned.push(md.op, ...(md.diffs ?? []));
            }
        },
    };
}

// pinned is an explicit provider of the package, beside the README's program: its version is the
// package's, and a new version of the package is an update of it (DiffConfig), never a replacement.
function pinned(): void {
    new acme.Provider("pinned", { apiToken: new pulumi.Config("acme").requireSecret("apiToken") });
}

// The zones of us-west-1, as the example's provider answers listZones.
const westZones = ["us-west-1a", "us-west-1b", "us-west-1c"];

// invokeOnly is the program of the invoke step: both forms of a function of the package, and nothing
// else that would make the engine load the plugin.
async function invokeOnly(): Promise<Record<string, unknown>> {
    const plain = await acme.network.listZones({ region: acme.RegionUSWest1 });
    assert.deepEqual(plain.names, westZones, "listZones");
    // A preview runs the invoke too, with inputs that are all known: its output is known.
    const output = acme.network.listZonesOutput({ region: pulumi.output(acme.RegionUSWest1) });
    const names = await new Promise<string[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("listZonesOutput's output stayed unknown")), 60_000);
        output.apply((r) => {
            clearTimeout(timer);
            resolve(r.names);
        });
    });
    assert.deepEqual(names, westZones, "listZonesOutput");
    return {};
}

async function main(): Promise<void> {
    const [what] = process.argv.slice(2);
    const version = env("E2E_VERSION");
    const url = env("E2E_PLUGIN_URL");
    const pulumiCommand = await PulumiCommand.get({ root: env("E2E_PULUMI_ROOT") });
    // No `plugins` in the project: the engine must find the plugin by the version and URL the package's
    // resources ask for.
    const stack = await LocalWorkspace.createOrSelectStack(
        {
            stackName: "dev",
            projectName: "acme-demo",
            program:
                what === "invoke"
                    ? invokeOnly
                    : async () => {
                          pinned();
                          return { ...require("./index") };
                      },
        },
        { workDir: env("E2E_WORK_DIR"), pulumiCommand, projectSettings: { name: "acme-demo", runtime: "nodejs" } },
    );
    switch (what) {
        case "init":
            break;
        case "invoke":
            await stack.preview({ onOutput: (s) => process.stdout.write(s) });
            break;
        case "up": {
            const rec = recorder();
            const res = await stack.up({ onEvent: rec.onEvent, onOutput: (s) => process.stdout.write(s) });
            assert.match(String(res.outputs.vpcArn?.value), /^arn:acme:network:us-west-1:123456789012:vpc\//);
            assert.deepEqual(res.outputs.zones?.value, westZones, "the zones the README's program exports");
            assert.equal(rec.ops.size, 5, "the README's program has five resources");
            const ops = new Set(rec.ops.values());
            assert.deepEqual([...ops], [process.env.E2E_SAME ? "same" : "create"], "the acme resources' steps");
            // The explicit provider moved to the package's version, if it changed, in place.
            const pinned = process.env.E2E_UPGRADED ? ["update", "version"] : process.env.E2E_SAME ? ["same"] : ["create"];
            assert.deepEqual(rec.pinned, pinned, "the explicit provider's step");

            // The engine's state: each acme resource is managed by the default provider of the package's
            // version and download URL, whose inputs say them.
            const state = (await stack.exportStack()).deployment.resources as any[];
            const providers = new Map(
                state.filter((r) => r.type === "pulumi:providers:acme").map((r) => [`${r.urn}::${r.id}`, r]),
            );
            for (const r of state.filter((r) => r.type.startsWith("acme:"))) {
                const p = providers.get(r.provider);
                assert.ok(p, `${r.urn} is managed by ${r.provider}, which is not in the state`);
                assert.equal(p.inputs.version, version, `the version of ${r.provider}`);
                // The engine records the URL without its final slash.
                assert.equal(
                    p.inputs.__internal?.pluginDownloadURL,
                    url.replace(/\/$/, ""),
                    `the download URL of ${r.provider}`,
                );
            }
            assert.equal(providers.size, 2, "the state keeps the default acme provider and the explicit one");
            const explicit = [...providers.values()].find((p) => p.urn.endsWith("::pinned"));
            assert.equal(explicit?.inputs.version, version, "the version of the explicit provider");
            break;
        }
        case "refresh": {
            await stack.refresh({ onOutput: (s) => process.stdout.write(s) });
            if (!process.env.E2E_EVOLVED) {
                break;
            }
            const state = (await stack.exportStack()).deployment.resources as any[];
            const types = state.map((r) => r.type);
            assert.ok(types.includes("acme:network/vpc:Subnet"), `the subnet's new token is in the state: ${types}`);
            assert.ok(!types.includes("acme:network/subnet:Subnet"), `the subnet's earlier token is gone: ${types}`);
            const vm = state.find((r) => r.type === "acme:compute/instance:Instance");
            assert.deepEqual(vm?.outputs?.status, { phase: "running" }, "the instance's status, migrated");
            assert.equal(vm?.outputs?.__stateVersion, 1, "the instance's state version");
            const subnet = state.find((r) => r.type === "acme:network/vpc:Subnet");
            assert.ok(subnet && JSON.stringify(vm?.inputs?.subnet).includes(subnet.urn), "the instance refers to the subnet by its new URN");
            break;
        }
        case "preview":
            await stack.preview({ expectNoChanges: true, onOutput: (s) => process.stdout.write(s) });
            break;
        case "destroy": {
            const res = await stack.destroy();
            assert.equal(res.summary.resourceChanges?.delete, 7, "destroy deletes the five resources, the explicit provider and the stack");
            break;
        }
        default:
            assert.fail(`unknown step ${what}`);
    }
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
