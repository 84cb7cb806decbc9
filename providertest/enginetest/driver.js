// The driver of package enginetest: runs a Pulumi program under the engine as an Automation API
// inline program (no pulumi-language-nodejs needed), through the operations its spec lists, and writes
// what each returned as JSON. Go writes it beside the compiled program, whose node_modules it shares.
//
//   node driver.js SPEC.json
//
// The spec: {pulumiRoot, workDir, project, stack, plugin, pluginDir, program, config, ops, out}; config
// is {key: {value, secret}}, ops a list of "up", "preview", "refresh", "destroy" and "export".
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");

async function main() {
    const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const programDir = path.dirname(spec.program) + path.sep;
    // Each operation runs the program anew, as the CLI runs it in a process of its own: its modules
    // (not the package's, nor Pulumi's) are loaded again.
    const program = async () => {
        for (const key of Object.keys(require.cache)) {
            if (key.startsWith(programDir)) {
                delete require.cache[key];
            }
        }
        return { ...require(spec.program) };
    };
    const pulumiCommand = await PulumiCommand.get({ root: spec.pulumiRoot });
    // The engine runs the plugin the test built. (The ProjectSettings type of older SDKs lacks plugins;
    // the CLI reads them.)
    const projectSettings = {
        name: spec.project,
        runtime: "nodejs",
        plugins: { providers: [{ name: spec.plugin, path: spec.pluginDir }] },
    };
    const stack = await LocalWorkspace.createOrSelectStack(
        { stackName: spec.stack, projectName: spec.project, program },
        { workDir: spec.workDir, pulumiCommand, projectSettings },
    );
    if (Object.keys(spec.config).length > 0) {
        await stack.setAllConfig(spec.config);
    }
    const onOutput = (text) => process.stdout.write(text);
    const results = {};
    for (const op of spec.ops) {
        console.log(`--- pulumi ${op}`);
        switch (op) {
            case "up": {
                const res = await stack.up({ onOutput });
                results.up = { outputs: res.outputs, changes: res.summary.resourceChanges ?? {} };
                break;
            }
            case "preview": {
                const res = await stack.preview({ onOutput });
                results.preview = { changes: res.changeSummary ?? {} };
                break;
            }
            case "refresh": {
                const res = await stack.refresh({ onOutput });
                results.refresh = { changes: res.summary.resourceChanges ?? {} };
                break;
            }
            case "destroy": {
                const res = await stack.destroy({ onOutput });
                results.destroy = { changes: res.summary.resourceChanges ?? {} };
                break;
            }
            case "export":
                results.export = (await stack.exportStack()).deployment;
                break;
            default:
                throw new Error(`unknown operation ${op}`);
        }
    }
    fs.writeFileSync(spec.out, JSON.stringify(results));
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
