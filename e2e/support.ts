// What the end-to-end programs (program.ts, config.ts) share: their environment, the state the engine
// exports and the cloud the provider keeps, the secrets neither may show, and how steps run and fail.

import * as assert from "node:assert/strict";
import { crc32 } from "node:zlib";
import * as fs from "node:fs";
import * as path from "node:path";
import { EngineEvent, OpMap, OpType, Stack } from "@pulumi/pulumi/automation";

export function env(name: string): string {
    const v = process.env[name];
    if (!v) {
        throw new Error(`$${name} is not set`);
    }
    return v;
}

// The directory of Acme Cloud's files (program.ts and config.ts): read when used, so that the programs
// of other providers share the rest.
export function stateDir(): string {
    return env("ACME_STATE_DIR");
}

// An acme resource as the engine recorded it.
export interface StateResource {
    urn: string;
    type: string;
    id?: string;
    inputs?: Record<string, any>;
    outputs?: Record<string, any>;
}

// The key of a resource in these tests: its type's name and its own name, such as "Subnet::a".
export function key(urn: string): string {
    // urn:pulumi:<stack>::<project>::<parent types$><type>::<name>
    const [, , types, ...name] = urn.split("::");
    return `${types.split("$").pop()!.split(":").pop()}::${name.join("::")}`;
}

// The resources of the stack whose types start with one of prefixes (the example's, unless said
// otherwise), by key.
export async function resources(stack: Stack, prefixes = ["acme:"]): Promise<Map<string, StateResource>> {
    const deployment = await stack.exportStack();
    const out = new Map<string, StateResource>();
    for (const r of (deployment.deployment.resources ?? []) as StateResource[]) {
        if (prefixes.some((p) => r.type.startsWith(p))) {
            out.set(key(r.urn), r);
        }
    }
    return out;
}

// isSecret says whether a value of the exported state is a secret.
export function isSecret(v: unknown): boolean {
    return (v as any)?.["4dabf18193072939515e22adb298388d"] === "1b47061264138c4ac30d75fd1eb44270";
}

// The secrets are in the state only inside secret values.
export function assertSecretsHidden(state: Map<string, StateResource>, secrets: string[]): void {
    const found: string[] = [];
    const walk = (v: unknown, at: string): void => {
        if (isSecret(v)) {
            return;
        }
        if (typeof v === "string") {
            found.push(...secrets.filter((s) => v.includes(s)).map((s) => `${s} at ${at}`));
        } else if (v !== null && typeof v === "object") {
            for (const [k, e] of Object.entries(v)) {
                walk(e, `${at}.${k}`);
            }
        }
    };
    for (const [k, r] of state) {
        walk(r.inputs, `${k} inputs`);
        walk(r.outputs, `${k} outputs`);
    }
    assert.deepEqual(found, [], "secrets in the state that are not secret values");
}

// The secrets are nowhere in the backend's files in plain text.
export function assertNoPlainSecrets(secrets: string[]): void {
    const backend = new URL(env("PULUMI_BACKEND_URL")).pathname;
    for (const entry of fs.readdirSync(backend, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) {
            const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
            for (const s of secrets) {
                assert.ok(!text.includes(s), `the secret ${s} is in ${entry.name} in plain text`);
            }
        }
    }
}

// verbose makes the stack's operations run as a user collecting logs for a bug report runs them: with
// the engine's most verbose logs, flowing to the plugins (pulumi --logflow -v=9). The engine writes its
// log to a file in $TMPDIR (<program>.<host>.<user>.log.INFO.<time>.<pid>); a plugin sends its log
// records to the engine, which writes them there too (a plugin of an engine older than 3.25x writes a
// file of its own).
export function verbose(stack: Stack): Stack {
    for (const op of ["up", "preview", "refresh", "destroy"] as const) {
        const run = (stack as any)[op].bind(stack);
        (stack as any)[op] = (opts?: object) => run({ logFlow: true, logVerbosity: 9, ...opts });
    }
    return stack;
}

// engineLines are the lines the engine itself writes about its own RPCs: Pulumi 3.256.0's engine logs
// the property values it marshals (for the program, RegisterResource; for the provider, Check, Create …)
// at verbosity 9 as the SDK did in plugins, program secrets in plain text among them (only the stack's
// configured secrets are filtered out). No provider can change that; a provider's own lines are held
// to the rule.
const engineLines = /"msg":"((Un)?[Mm]arshaling property for RPC\[(Provider\[0x[0-9a-f]+\]|ResourceMonitor)\.|(RegisterResource|Invoke) RPC finished|eventSink::Debug\()/;

// assertLogsHideSecrets checks the logs that verbose made: they show the plugin's calls (pulumi-
// resource-<name> logged at verbosity 7), so they hold what the plugin wrote at that verbosity, and no
// line holds a secret in plain text but the engine's own (engineLines).
export function assertLogsHideSecrets(name: string, secrets: string[]): void {
    const dir = env("TMPDIR");
    const logs = fs.readdirSync(dir).filter((f) => /\.log\.INFO\./.test(f));
    let size = 0;
    let calls = 0;
    let engines = 0;
    for (const f of logs) {
        const text = fs.readFileSync(path.join(dir, f), "utf8");
        size += text.length;
        calls += text.split(`provider ${name}: Create(`).length - 1;
        for (const line of text.split("\n")) {
            const s = secrets.find((s) => line.includes(s));
            if (s && engineLines.test(line)) {
                engines++;
            } else if (s) {
                assert.fail(`the secret ${s} is in ${f} in plain text: ${line.slice(0, 2000)}`);
            }
        }
    }
    assert.ok(calls > 0, `no log in ${dir} shows the plugin's calls: ${logs}`);
    console.log(
        `  ${logs.length} logs, ${(size / 1e6).toFixed(1)} MB, ${calls} Creates of the plugin's: no secret in plain text ` +
            `but in ${engines} lines of the engine's own RPC logging`,
    );
}

// Where the cloud keeps a resource: <kind>/<id>.json, kind as cloud.Kind makes it.
export function cloudPath(type: string, id: string): string {
    const [, mod, name] = type.split(":");
    return path.join(path.dirname(mod), name, id + ".json");
}

// The files of the cloud, by path relative to the state directory.
export function cloud(): Map<string, any> {
    const out = new Map<string, any>();
    for (const entry of fs.readdirSync(stateDir(), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) {
            const file = path.join(entry.parentPath, entry.name);
            out.set(path.relative(stateDir(), file), JSON.parse(fs.readFileSync(file, "utf8")));
        }
    }
    return out;
}

// The cloud's record of the resource key, found through the engine's state.
export function record(state: Map<string, StateResource>, k: string): any {
    const r = state.get(k);
    assert.ok(r?.id, `${k} is not in the state`);
    const file = path.join(stateDir(), cloudPath(r.type, r.id));
    assert.ok(fs.existsSync(file), `${k} (${r.id}) is in the state but not in the cloud`);
    return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function writeRecord(state: Map<string, StateResource>, k: string, edit: (rec: any) => void): void {
    const r = state.get(k)!;
    const file = path.join(stateDir(), cloudPath(r.type, r.id!));
    const rec = JSON.parse(fs.readFileSync(file, "utf8"));
    edit(rec);
    fs.writeFileSync(file, JSON.stringify(rec, null, 2) + "\n");
}

// Every acme resource of the state has its record in the cloud, and the cloud has nothing else (a
// resource imported as a second one, by its ID, has one record).
export function assertCloudMatches(state: Map<string, StateResource>): void {
    const want = [...new Set([...state.values()].map((r) => cloudPath(r.type, r.id!)))].sort();
    assert.deepEqual([...cloud().keys()].sort(), want, "the cloud's records and the stack's resources differ");
}

// What an operation did to each resource, by key, from the engine's events: the ops of its steps.
export class Ops {
    readonly byKey = new Map<string, OpType[]>();
    // preview: the events of planned steps; otherwise those of finished ones. Only the resources whose
    // types start with one of prefixes count: the example's, unless said otherwise.
    constructor(
        private readonly planned: boolean,
        private readonly prefixes = ["acme:"],
    ) {}
    onEvent = (e: EngineEvent): void => {
        const md = this.planned ? e.resourcePreEvent?.metadata : e.resOutputsEvent?.metadata;
        if (md && this.prefixes.some((p) => md.type.startsWith(p))) {
            const k = key(md.urn);
            this.byKey.set(k, [...(this.byKey.get(k) ?? []), md.op]);
        }
    };
    // The keys of the resources whose steps include op.
    with(op: OpType): string[] {
        return [...this.byKey]
            .filter(([, ops]) => ops.includes(op))
            .map(([k]) => k)
            .sort();
    }
}

// A successful operation reports no warnings or errors.
export function assertQuiet(res: { stdout: string; stderr: string }): void {
    const lines = (res.stdout + "\n" + res.stderr).split("\n").filter((l) => /\b(warning|error):/.test(l));
    assert.deepEqual(lines, [], "the engine reported problems");
}

// The counts of a summary that are not zero.
export function counts(m: OpMap | undefined): OpMap {
    return Object.fromEntries(Object.entries(m ?? {}).filter(([, n]) => n)) as OpMap;
}

// newToken returns an API token that Acme Cloud accepts: acme_, 24 random hexadecimal digits, and the 8
// check digits of their CRC-32 (as cloud.NewToken makes them).
export function newToken(): string {
    const key = [...Array(24)].map(() => Math.floor(Math.random() * 16).toString(16)).join("");
    return `acme_${key}${crc32(key).toString(16).padStart(8, "0")}`;
}

// When an update fails, the engine stops listening while the program, which runs in this process, may
// still have resource registrations in flight: their gRPC calls fail late ("Connection dropped", "read
// ECONNRESET", …), rejecting promises that nobody awaits any more. And a program that fails on purpose,
// by calling a function with an input the provider rejects, throws the SDK's error, which Pulumi's
// language host reports as a rejection that every listener of this process hears. Both are expected
// after a failed update, and only then.
let updatesFailing = false;
let lateFailures = 0;

process.on("unhandledRejection", (err) => {
    if (updatesFailing && err instanceof Error && /@grpc[\\/]grpc-js/.test(err.stack ?? "")) {
        lateFailures++;
        return;
    }
    if (updatesFailing && err instanceof Error && err.message.startsWith("Invoke of '")) {
        return; // the program's own failure: the update reports it
    }
    console.error("unhandled rejection:", err);
    process.exit(1);
});

// The message of a command that must fail.
//
// Right after a failed update, the program of the next one (it runs in this process) once found no
// connection to the engine at all ("14 UNAVAILABLE: No connection established", on a loaded machine, in
// the PostgreSQL provider's step 6): that update failed before the program registered anything, for
// a reason between Node and the engine, not the one under test. Such an update runs once more.
export async function failure(run: () => Promise<unknown>): Promise<string> {
    updatesFailing = true;
    for (let attempt = 1; ; attempt++) {
        try {
            await run();
        } catch (err) {
            const msg = String(err instanceof Error ? err.message : err);
            if (attempt < 2 && /UNAVAILABLE: No connection established/.test(msg)) {
                console.log(`  the update found no connection to the engine; once more:\n${msg}`);
                continue;
            }
            return msg;
        }
        assert.fail("the update succeeded");
    }
}

const timings: string[] = [];

// step runs one step and reports it with its wall time.
export async function step(no: string, name: string, fn: () => Promise<void>): Promise<void> {
    const title = `step ${no}: ${name}`;
    console.log(`=== ${title}`);
    const start = process.hrtime.bigint();
    const secs = () => (Number(process.hrtime.bigint() - start) / 1e9).toFixed(1) + "s";
    try {
        await fn();
    } catch (err) {
        console.log(`--- FAIL ${title} (${secs()})`);
        throw err;
    }
    const line = `--- ok   ${title} (${secs()})`;
    timings.push(line);
    console.log(line);
}

// finish reports how the steps went, from start (process.hrtime.bigint()).
export function finish(start: bigint): void {
    if (lateFailures > 0) {
        console.log(`(${lateFailures} registrations of the failed updates failed late, as expected)`);
    }
    console.log(`all steps passed in ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)}s:`);
    for (const t of timings) {
        console.log("  " + t.replace(/^--- ok\s+/, ""));
    }
}
