// The end-to-end test of the PostgreSQL provider (examples/postgresql): a Pulumi program written against
// its generated package (imported as "postgresql"), deployed by the real Pulumi engine (the CLI, driven
// through the Automation API, the program inline) with the plugin built from the example, against a
// private PostgreSQL server that e2e_test.go starts. After each step it checks what the engine recorded
// and what the server's catalogs say, through psql, as a DBA would:
//
//   0. the stack's configuration gives the provider the server, and the password as a secret; a DBA
//      makes a group role with psql, which the program looks up with getRole
//   1. up creates roles (one with a password outside ASCII, which logs in), a database owned by one, a
//      schema, grants, an extension, a membership, role settings for every database and for one, and
//      default privileges that a table made afterwards has; getRole's result feeds a role,
//      listSchemasOutput lists the new database's schemas
//   2. preview: the same program, written differently, changes nothing
//   3. up: a role's connection limit, a membership's admin option, a role setting and default
//      privileges change in place, a grant's grant option replaces the grant
//   4. refresh finds what a DBA changed with psql (a connection limit, a setting, the admin option,
//      a default privilege); the server restarts between two operations of the next up (the lookup
//      and the updates), which sets everything back
//   5. get adopts a role, its membership, its settings and default privileges that a DBA made with
//      psql, each by its ID
//   6. preview fails on an invalid name, on connection limits beyond PostgreSQL's int4 range either
//      way, on an extension's invalid name and on a membership option PostgreSQL 15 lacks, naming the
//      property, and changes nothing; so does a change of the database's immutable encoding; an up
//      whose CREATE ROLE with a password fails at the server (the role exists) leaves the password out
//      of the server's log (e2e_test.go reads it)
//   7. with a wrong password in the stack, preview fails clearly and changes nothing
//   8. up --parallel of many roles and grants: no session of the provider's stays open
//   9. up of a role whose membership names a role that does not exist fails, and keeps the role (the
//      server made it): pulumi stack export holds it, with its ID; the program fixed, up updates it
//  10. up of a grant that waits on a lock a DBA holds fails at the program's customTimeouts (2s),
//      leaving nothing: no session waiting, the grant not made; once the lock is free, up makes it
//  11. destroy removes everything; the DBA's roles are dropped with psql (e2e_test.go then compares the
//      whole server with how it was before the test)
// Throughout: no secret appears in plain text in the state, the backend's files or the engine's output;
// every command runs with --logflow -v=9, and at the end no secret is in the logs but where the engine
// itself writes it.
//
// It reads its environment (all required): E2E_PULUMI_ROOT, E2E_PLUGIN_DIR and E2E_WORK_DIR as
// e2e/program.ts does; E2E_PSQL, the psql program; E2E_PG_HOST, E2E_PG_PORT, E2E_PG_USER and
// E2E_PG_PASSWORD, the server and its superuser; E2E_ROLE_PASSWORD, the password of the roles it makes;
// E2E_RESTART_PID, the process that restarts the server when sent SIGUSR1. It expects the offline
// environment of e2e/program.ts.

import * as assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, ProjectSettings, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import * as postgresql from "postgresql";
import {
    assertLogsHideSecrets,
    assertNoPlainSecrets,
    assertQuiet,
    assertSecretsHidden,
    counts,
    env,
    failure,
    finish,
    Ops,
    resources,
    step,
    verbose,
} from "./support";

const pulumiRoot = env("E2E_PULUMI_ROOT");
const pluginDir = env("E2E_PLUGIN_DIR");
const workDir = env("E2E_WORK_DIR");
const server = {
    host: env("E2E_PG_HOST"),
    port: env("E2E_PG_PORT"),
    user: env("E2E_PG_USER"),
    password: env("E2E_PG_PASSWORD"),
};

// psql runs SQL as the superuser in database db and returns its rows, one a line, columns split by |.
// Only psql sees the server's libpq variables: the provider gets the stack's configuration.
const psqlEnv = {
    PATH: process.env.PATH,
    PGHOST: server.host,
    PGPORT: server.port,
    PGUSER: server.user,
    PGPASSWORD: server.password,
    PGSSLMODE: "disable",
};
const psqlArgs = (sql: string, db: string) => ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", db, "-c", sql];
function psql(sql: string, db = "postgres"): string {
    return execFileSync(env("E2E_PSQL"), psqlArgs(sql, db), { env: psqlEnv, encoding: "utf8" }).trim();
}
// psqlAsync is psql that lets the program's own event loop run: the inline program runs in this process.
function psqlAsync(sql: string): Promise<string> {
    const args = psqlArgs(sql, "postgres");
    return new Promise((resolve, reject) =>
        execFile(env("E2E_PSQL"), args, { env: psqlEnv, encoding: "utf8" }, (err, out) => (err ? reject(err) : resolve(out.trim()))),
    );
}

// readerState is what the catalogs say of the reader's default privileges on the owner's tables in
// reporting, membership, and settings (every database's and e2e_app's): acl|admin option|settings|settings
// in e2e_app.
function readerState(): string {
    const defaults = psql(`SELECT defaclacl FROM pg_default_acl WHERE defaclrole = 'e2e_owner'::regrole AND defaclnamespace = 'reporting'::regnamespace`, "e2e_app");
    return defaults + "|" + psql(`SELECT (SELECT admin_option FROM pg_auth_members WHERE roleid = 'pg_read_all_stats'::regrole AND member = 'e2e_reader'::regrole),
        (SELECT string_agg(c, ';' ORDER BY c) FROM pg_db_role_setting s, unnest(s.setconfig) c WHERE setrole = 'e2e_reader'::regrole AND setdatabase = 0),
        (SELECT string_agg(c, ';' ORDER BY c) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase, unnest(s.setconfig) c
          WHERE setrole = 'e2e_reader'::regrole AND d.datname = 'e2e_app')`);
}
// What step 3 changes in place, and the state it leaves (with the default privileges: INSERT).
const updated = ["DefaultPrivileges::reader-tables", "Membership::reader-stats", "Role::reader", "RoleSettings::reader-settings"];
const changedReader = `{e2e_reader=ar/e2e_owner}|t|idle_in_transaction_session_timeout=5min;search_path="$user", reporting, public;statement_timeout=1min|work_mem=16MB`;

// The provider's sessions on the server, as pg_stat_activity shows them.
const sessionsSQL = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pulumi-resource-postgresql'";

// The secrets: the owner's password (an input of the program, outside ASCII), the superuser's (the
// stack's), and the wrong one of step 7. None may appear in plain text in the state, the backend or the
// engine's output.
const ownerPassword = env("E2E_ROLE_PASSWORD");
const wrongPassword = "wrong-Pa55-e2e";
const secrets = [ownerPassword, server.password, wrongPassword];
// What the engine printed, every operation's: checked for the secrets at the end.
const logs: string[] = [];
function logged<T extends { stdout: string; stderr: string }>(res: T): T {
    logs.push(res.stdout, res.stderr);
    return res;
}

// --- The program ---------------------------------------------------------------------------------------

type Phase =
    | "base" // step 1
    | "noop" // step 2: the same inputs, written differently
    | "change" // step 3 on: an in-place update and a replacement
    | "adopt" // step 5 on: "change", plus a role read by its ID
    | "badName" // step 6: "adopt", plus a role with a name PostgreSQL keeps for itself
    | "badLimit" // step 6: "adopt", plus a negative connection limit
    | "badBound" // step 6: "adopt", plus a connection limit beyond PostgreSQL's int4
    | "badExtension" // step 6: "adopt", plus an extension whose name the server refuses
    | "badMembership" // step 6: "adopt", plus a membership option that PostgreSQL 15 lacks
    | "badEncoding" // step 6: "adopt", with the database's (immutable) encoding changed
    | "taken" // step 6: "adopt", plus a role whose name the DBA's group has
    | "many" // step 8: "adopt", plus many roles and grants
    | "partial" // step 9: "many", plus a role whose membership names a role that does not exist
    | "partialFixed" // step 9: "many", plus that role, its membership fixed
    | "slowGrant" // step 10: "partialFixed", plus a grant that waits on a lock, with a timeout of 2s
    | "grant"; // step 10: "partialFixed", plus that grant, with its default timeout

let phase: Phase = "base";
const MANY = 24;
// restartArmed asks the next update's program to restart the server after its first operation.
let restartArmed = false;

// restartServer asks e2e_test.go to restart the server, and waits until it has.
async function restartServer(): Promise<void> {
    const startedAt = () => psqlAsync("SELECT pg_postmaster_start_time()");
    const before = await startedAt();
    process.kill(Number(env("E2E_RESTART_PID")), "SIGUSR1");
    for (let waited = 0; ; waited += 100) {
        assert.ok(waited < 30000, "the server did not restart in 30 s");
        await new Promise((r) => setTimeout(r, 100));
        if ((await startedAt().catch(() => before)) !== before) {
            return;
        }
    }
}

async function program(): Promise<Record<string, unknown>> {
    const changed = phase !== "base" && phase !== "noop";
    const adopted = changed && phase !== "change";
    const noop = phase === "noop";

    // A function's result feeds a resource: the auditor is made like the DBA's group, e2e_auditors.
    const auditors = await postgresql.getRole({ name: "e2e_auditors" });
    if (restartArmed && !pulumi.runtime.isDryRun()) {
        // Between the lookup (on a session of the provider's pool) and every other operation.
        restartArmed = false;
        await restartServer();
    }
    const auditor = new postgresql.Role("auditor", {
        name: "e2e_auditor",
        login: true,
        connectionLimit: auditors.connectionLimit,
        roles: ["e2e_auditors", ...auditors.roles],
    });

    const owner = new postgresql.Role("owner", {
        name: "e2e_owner",
        login: true,
        password: pulumi.secret(ownerPassword),
        createDatabase: true,
        validUntil: "2040-01-01T00:00:00Z",
    });
    const reader = new postgresql.Role("reader", {
        name: noop ? pulumi.output("e2e_reader") : "e2e_reader",
        connectionLimit: changed ? 10 : 5,
    });
    const db = new postgresql.Database("app", {
        name: "e2e_app",
        owner,
        encoding: phase === "badEncoding" ? "LATIN1" : "UTF8",
        lcCollate: "C",
        lcCtype: "C",
    });
    const schema = new postgresql.Schema("reporting", { name: "reporting", database: db.name, owner });
    new postgresql.Grant("connect", {
        role: reader.name,
        database: db.name,
        objectType: "database",
        privileges: noop ? pulumi.output(["CONNECT", "TEMPORARY"]) : ["CONNECT", "TEMPORARY"],
    });
    new postgresql.Grant("usage", {
        role: reader.name,
        database: db.name,
        schema: schema.name,
        objectType: "schema",
        privileges: ["USAGE"],
        withGrantOption: changed,
    });
    new postgresql.Extension("hstore", { name: "hstore", database: db.name, schema: schema.name });
    new postgresql.Membership("reader-stats", { role: "pg_read_all_stats", member: reader.name, adminOption: changed });
    new postgresql.RoleSettings("reader-settings", {
        role: reader.name,
        settings: {
            search_path: '"$user", reporting, public',
            statement_timeout: changed ? "1min" : "30s",
            idle_in_transaction_session_timeout: "5min",
        },
    });
    new postgresql.RoleSettings("reader-app-settings", { role: reader.name, database: db.name, settings: { work_mem: "16MB" } });
    new postgresql.DefaultPrivileges("reader-tables", {
        role: reader.name,
        database: db.name,
        owner: owner.name,
        schema: schema.name,
        objectType: "table",
        privileges: changed ? ["SELECT", "INSERT"] : ["SELECT"],
    });

    if (phase === "badName") {
        new postgresql.Role("bad-name", { name: "pg_e2e" });
    }
    if (phase === "badLimit") {
        // Inside an Output, so that the provider's Check finds it, not the constructor (which would
        // throw in the program, as the package's own tests show).
        new postgresql.Role("bad-limit", { name: "e2e_bad_limit", connectionLimit: pulumi.output(-5) });
    }
    if (phase === "badBound") {
        new postgresql.Role("bad-bound", { name: "e2e_bad_bound", connectionLimit: pulumi.output(3e9) });
    }
    if (phase === "badExtension") {
        new postgresql.Extension("bad-extension", { name: "h--store", database: db.name });
    }
    if (phase === "badMembership") {
        new postgresql.Membership("bad-membership", { role: "e2e_auditors", member: reader.name, inheritOption: false });
    }
    if (phase === "taken") {
        new postgresql.Role("taken", { name: "e2e_auditors", login: true, password: pulumi.secret(ownerPassword) });
    }
    const late = ["partial", "partialFixed", "slowGrant", "grant"].includes(phase);
    if (late) {
        new postgresql.Role("partial", { name: "e2e_partial", login: true, roles: [phase === "partial" ? "e2e_missing" : "e2e_auditors"] });
    }
    if (phase === "slowGrant" || phase === "grant") {
        new postgresql.Grant(
            "slow",
            { role: reader.name, database: db.name, objectType: "database", privileges: ["CREATE"] },
            phase === "slowGrant" ? { customTimeouts: { create: "2s" } } : {},
        );
    }
    if (phase === "many" || late) {
        for (let i = 0; i < MANY; i++) {
            const r = new postgresql.Role(`many-${i}`, { name: `e2e_many_${i}` });
            new postgresql.Grant(`many-${i}`, { role: r.name, database: db.name, objectType: "database", privileges: ["CONNECT"] });
        }
    }

    const out: Record<string, unknown> = {
        // The Output form waits for the database and its schema to exist.
        schemas: postgresql.listSchemasOutput({ database: pulumi.all([db.name, schema.name]).apply(([d]) => d) }).names,
        auditorRoles: auditor.roles,
    };
    if (adopted) {
        const dba = postgresql.Role.get("adopted", "e2e_adopted");
        out.adoptedLimit = dba.connectionLimit;
        out.adoptedLogin = dba.login;
        out.adoptedAdmin = postgresql.Membership.get("adopted-membership", "e2e_auditors/e2e_adopted").adminOption;
        out.adoptedSettings = postgresql.RoleSettings.get("adopted-settings", "e2e_adopted").settings;
        out.adoptedDefaults = postgresql.DefaultPrivileges.get("adopted-defaults", "type/e2e_auditors/e2e_app/e2e_adopted").privileges;
    }
    return out;
}

// --- The steps -----------------------------------------------------------------------------------------

const prefixes = ["postgresql:", "pulumi:providers:postgresql"];

async function main(): Promise<void> {
    const start = process.hrtime.bigint();
    const before = psql("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles");
    let stack!: Stack;

    await step("0", "configure the stack; a DBA makes a group with psql", async () => {
        psql("CREATE ROLE e2e_auditors CONNECTION LIMIT 4 IN ROLE pg_read_all_stats");
        const pulumiCommand = await PulumiCommand.get({ root: pulumiRoot });
        const projectSettings = {
            name: "postgresql-e2e",
            runtime: "nodejs",
            plugins: { providers: [{ name: "postgresql", path: pluginDir }] },
        } as ProjectSettings;
        stack = verbose(
            await LocalWorkspace.createOrSelectStack(
                { stackName: "e2e", projectName: "postgresql-e2e", program },
                { workDir, pulumiCommand, projectSettings },
            ),
        );
        // pulumi config set, key by key, as the README shows; the password with --secret.
        await stack.setConfig("postgresql:host", { value: server.host });
        await stack.setConfig("postgresql:port", { value: server.port });
        await stack.setConfig("postgresql:username", { value: server.user });
        await stack.setConfig("postgresql:password", { value: server.password, secret: true });
        await stack.setConfig("postgresql:sslmode", { value: "disable" });
    });

    await step("1", "up creates roles, a database, a schema, grants, an extension, a membership, role settings and default privileges", async () => {
        phase = "base";
        const ops = new Ops(false, prefixes);
        const res = logged(await stack.up({ onEvent: ops.onEvent }));
        assertQuiet(res);
        assert.deepEqual(counts(res.summary.resourceChanges), { create: 13 });
        assert.deepEqual(res.outputs.schemas.value, ["public", "reporting"]);
        assert.deepEqual(res.outputs.auditorRoles.value, ["e2e_auditors", "pg_read_all_stats"]);
        // The catalogs.
        assert.equal(psql("SELECT rolcanlogin, rolcreatedb, rolvaliduntil FROM pg_roles WHERE rolname = 'e2e_owner'"), "t|t|2040-01-01 00:00:00+00");
        assert.equal(psql("SELECT rolcanlogin, rolconnlimit FROM pg_roles WHERE rolname = 'e2e_reader'"), "f|5");
        assert.equal(
            psql(`SELECT r.rolconnlimit, string_agg(g.rolname, ',' ORDER BY g.rolname) FROM pg_roles r
                   JOIN pg_auth_members m ON m.member = r.oid JOIN pg_roles g ON g.oid = m.roleid
                  WHERE r.rolname = 'e2e_auditor' GROUP BY 1`),
            "4|e2e_auditors,pg_read_all_stats",
        );
        assert.equal(
            psql(`SELECT pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datcollate, datctype FROM pg_database
                  WHERE datname = 'e2e_app'`),
            "e2e_owner|UTF8|C|C",
        );
        assert.equal(psql("SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'reporting'", "e2e_app"), "e2e_owner");
        assert.equal(
            psql(`SELECT has_database_privilege('e2e_reader', 'e2e_app', 'CONNECT'), has_database_privilege('e2e_reader', 'e2e_app', 'TEMPORARY'),
                         has_database_privilege('e2e_reader', 'e2e_app', 'CREATE'), has_schema_privilege('e2e_reader', 'reporting', 'USAGE'),
                         has_schema_privilege('e2e_reader', 'reporting', 'USAGE WITH GRANT OPTION')`, "e2e_app"),
            "t|t|f|t|f",
        );
        assert.equal(psql("SELECT e.extname||' in '||n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE extname = 'hstore'", "e2e_app"), "hstore in reporting");
        assert.equal(readerState(), `{e2e_reader=r/e2e_owner}|f|idle_in_transaction_session_timeout=5min;search_path="$user", reporting, public;statement_timeout=30s|work_mem=16MB`);
        // A table the owner makes afterwards has the default privileges.
        assert.equal(
            psql(`SET ROLE e2e_owner; CREATE TABLE reporting.e2e_new (id int);
                  SELECT has_table_privilege('e2e_reader', 'reporting.e2e_new', 'SELECT'), has_table_privilege('e2e_reader', 'reporting.e2e_new', 'INSERT')`, "e2e_app"),
            "t|f",
        );
        psql("DROP TABLE reporting.e2e_new", "e2e_app");
        // The owner logs in with the password the program gave.
        const login = execFileSync(env("E2E_PSQL"), ["-X", "-A", "-t", "-d", "e2e_app", "-c", "SELECT current_user"], {
            env: { ...psqlEnv, PGUSER: "e2e_owner", PGPASSWORD: ownerPassword },
            encoding: "utf8",
        });
        assert.equal(login.trim(), "e2e_owner");
        assertSecretsHidden(await resources(stack, prefixes), secrets);
    });

    await step("2", "preview: the same program, written differently, changes nothing", async () => {
        phase = "noop";
        const res = logged(await stack.preview());
        assertQuiet(res);
        assert.deepEqual(counts(res.changeSummary), { same: 13 });
    });

    await step("3", "up: updates in place and a replacement, as the preview says", async () => {
        phase = "change";
        const planned = new Ops(true, prefixes);
        const preview = logged(await stack.preview({ onEvent: planned.onEvent }));
        assert.deepEqual(planned.with("update"), updated);
        assert.deepEqual(planned.with("replace"), ["Grant::usage"]);
        assert.deepEqual(counts(preview.changeSummary), { same: 8, update: 4, replace: 1 });
        const ops = new Ops(false, prefixes);
        const res = logged(await stack.up({ onEvent: ops.onEvent }));
        assertQuiet(res);
        assert.deepEqual(counts(res.summary.resourceChanges), { same: 8, update: 4, replace: 1 });
        assert.equal(psql("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'e2e_reader'"), "10");
        assert.equal(psql("SELECT has_schema_privilege('e2e_reader', 'reporting', 'USAGE WITH GRANT OPTION')", "e2e_app"), "t");
        assert.equal(readerState(), changedReader);
    });

    await step("4", "refresh finds changes a DBA made with psql; up undoes them, across a restart", async () => {
        psql("ALTER ROLE e2e_reader CONNECTION LIMIT 42");
        psql("ALTER ROLE e2e_reader SET statement_timeout = '99s'");
        psql("REVOKE ADMIN OPTION FOR pg_read_all_stats FROM e2e_reader");
        psql("ALTER DEFAULT PRIVILEGES FOR ROLE e2e_owner IN SCHEMA reporting REVOKE INSERT ON TABLES FROM e2e_reader", "e2e_app");
        const res = logged(await stack.refresh());
        assert.deepEqual(counts(res.summary.resourceChanges), { same: 9, update: 4 });
        const state = await resources(stack, prefixes);
        assert.equal(state.get("Role::reader")!.outputs!.connectionLimit, 42);
        assert.equal(state.get("RoleSettings::reader-settings")!.outputs!.settings.statement_timeout, "99s");
        assert.equal(state.get("Membership::reader-stats")!.outputs!.adminOption, false);
        assert.deepEqual(state.get("DefaultPrivileges::reader-tables")!.outputs!.privileges, ["SELECT"]);
        const planned = new Ops(true, prefixes);
        logged(await stack.preview({ onEvent: planned.onEvent }));
        assert.deepEqual(planned.with("update"), updated);
        // The server restarts after the program's getRole and before the updates: the provider's first
        // operation after it finds its pooled session ended (SQLSTATE 57P01), and is tried again.
        const startedAt = psql("SELECT pg_postmaster_start_time()");
        restartArmed = true;
        const up = logged(await stack.up());
        assertQuiet(up);
        assert.deepEqual(counts(up.summary.resourceChanges), { same: 9, update: 4 });
        assert.notEqual(psql("SELECT pg_postmaster_start_time()"), startedAt, "the server did not restart");
        assert.equal(readerState(), changedReader);
    });

    await step("5", "get adopts a role, its membership, settings and default privileges a DBA made with psql, by their IDs", async () => {
        psql("CREATE ROLE e2e_adopted LOGIN CONNECTION LIMIT 7");
        psql("GRANT e2e_auditors TO e2e_adopted WITH ADMIN OPTION");
        psql("ALTER ROLE e2e_adopted SET work_mem = '8MB'");
        psql("ALTER DEFAULT PRIVILEGES FOR ROLE e2e_adopted GRANT USAGE ON TYPES TO e2e_auditors", "e2e_app");
        phase = "adopt";
        const ops = new Ops(false, prefixes);
        const res = logged(await stack.up({ onEvent: ops.onEvent }));
        assertQuiet(res);
        assert.deepEqual(ops.with("read"), ["DefaultPrivileges::adopted-defaults", "Membership::adopted-membership", "Role::adopted", "RoleSettings::adopted-settings"]);
        assert.equal(res.outputs.adoptedLimit.value, 7);
        assert.equal(res.outputs.adoptedLogin.value, true);
        assert.equal(res.outputs.adoptedAdmin.value, true);
        assert.deepEqual(res.outputs.adoptedSettings.value, { work_mem: "8MB" });
        assert.deepEqual(res.outputs.adoptedDefaults.value, ["USAGE"]);
    });

    const roles = () => psql("SELECT string_agg(rolname||rolconnlimit, ',' ORDER BY rolname) FROM pg_roles");
    const databases = () => psql("SELECT string_agg(datname||pg_encoding_to_char(encoding), ',' ORDER BY datname) FROM pg_database");

    await step("6", "preview fails on bad input, naming the property, and changes nothing", async () => {
        const rolesBefore = roles();
        const databasesBefore = databases();
        // An up fails as its preview does: the first three show it; the others' previews are enough.
        for (const [p, want, up] of [
            ["badName", /bad-name[\s\S]*name[\s\S]*"pg_e2e" starts with pg_, which PostgreSQL keeps for its own roles/, true],
            ["badLimit", /bad-limit[\s\S]*connectionLimit[\s\S]*-5 is less than the minimum -1/, true],
            ["badEncoding", /encoding is immutable, and this update would change it from "UTF8" to "LATIN1"[\s\S]*pulumi up --replace/, true],
            ["badBound", /bad-bound[\s\S]*connectionLimit[\s\S]*3000000000 is out of the range of int32, -2147483648 to 2147483647/, false],
            ["badExtension", /bad-extension[\s\S]*name[\s\S]*"h--store" holds --, which joins an extension's name and versions/, false],
            ["badMembership", /bad-membership[\s\S]*inheritOption[\s\S]*is version 15\.\d+, whose memberships have no INHERIT option \(it came with PostgreSQL 16\)/, false],
        ] as const) {
            phase = p;
            const msg = await failure(() => stack.preview());
            logs.push(msg);
            assert.match(msg, want, `the preview of ${p}`);
            if (!up) {
                continue;
            }
            const upMsg = await failure(() => stack.up());
            logs.push(upMsg);
            assert.match(upMsg, want, `the up of ${p}`);
        }
        assert.equal(roles(), rolesBefore);
        assert.equal(databases(), databasesBefore);
        // The server refuses the CREATE ROLE, and logs it: with the password hashed (e2e_test.go reads the log).
        phase = "taken";
        const msg = await failure(() => stack.up());
        logs.push(msg);
        assert.match(msg, /role "e2e_auditors" already exists: adopt it with `pulumi import postgresql:role:Role <name> e2e_auditors`/);
        assert.equal(roles(), rolesBefore);
    });

    await step("7", "a wrong password in the stack fails clearly, and changes nothing", async () => {
        phase = "adopt";
        const rolesBefore = roles();
        await stack.setConfig("postgresql:password", { value: wrongPassword, secret: true });
        for (const run of [() => stack.preview(), () => stack.up()]) {
            const msg = await failure(run);
            logs.push(msg);
            assert.match(msg, /refused to log in user "postgres": the password is wrong[^\n]*check postgresql:username and postgresql:password/);
        }
        assert.equal(roles(), rolesBefore);
        await stack.setConfig("postgresql:password", { value: server.password, secret: true });
        const res = logged(await stack.preview());
        assert.deepEqual(counts(res.changeSummary), { same: 13 }); // what get adopted is read, not counted
    });

    await step("8", "up --parallel of many roles and grants leaves no session open", async () => {
        phase = "many";
        let most = 0;
        let polling = true;
        const poll = (async () => {
            while (polling) {
                most = Math.max(most, Number(await psqlAsync(sessionsSQL)));
                await new Promise((r) => setTimeout(r, 100));
            }
        })();
        const res = logged(await stack.up({ parallel: 32 }));
        polling = false;
        await poll;
        assertQuiet(res);
        assert.deepEqual(counts(res.summary.resourceChanges), { same: 13, create: 2 * MANY });
        assert.equal(psql(`SELECT count(*) FROM pg_roles WHERE rolname LIKE 'e2e\\_many\\_%'`), String(MANY));
        assert.equal(psql(`SELECT count(*) FROM pg_roles WHERE rolname LIKE 'e2e\\_many\\_%' AND has_database_privilege(oid, 'e2e_app', 'CONNECT')`), String(MANY));
        // The provider holds at most 12 sessions (its pool of 4 and 8 into other databases), and the
        // engine closed it at the end of the update: none stays.
        console.log(`at most ${most} sessions of the provider's during the update`);
        assert.ok(most <= 12, `${most} sessions of the provider's at once`);
        assert.equal(psql(sessionsSQL), "0");
    });

    await step("9a", "a role whose membership fails is created, and kept by the stack", async () => {
        phase = "partial";
        const msg = await failure(() => stack.up());
        logs.push(msg);
        assert.match(msg, /role "e2e_partial" is created, but roles: making role "e2e_partial" a member of "e2e_missing": role "e2e_missing" does not exist/);
        assert.equal(psql("SELECT count(*) FROM pg_roles WHERE rolname = 'e2e_partial'"), "1", "the server has no role e2e_partial");
        // pulumi stack export: the role, with its ID, marked as not fully created.
        const kept = ((await stack.exportStack()).deployment.resources as { urn: string; id?: string; initErrors?: string[] }[]).find((r) =>
            r.urn.endsWith("::partial"),
        );
        assert.ok(kept, "the role e2e_partial is on the server, and not in the stack: it leaked");
        assert.equal(kept.id, "e2e_partial");
        assert.match(kept.initErrors?.[0] ?? "", /role "e2e_missing" does not exist/);
        assert.equal(psql("SELECT count(*) FROM pg_auth_members WHERE member = 'e2e_partial'::regrole"), "0");
    });

    await step("9b", "the program fixed, the next up updates the role", async () => {
        phase = "partialFixed";
        const ops = new Ops(false, prefixes);
        const res = logged(await stack.up({ onEvent: ops.onEvent }));
        assertQuiet(res);
        assert.deepEqual(ops.with("update"), ["Role::partial"]);
        assert.deepEqual(ops.with("create"), []);
        assert.equal(psql("SELECT pg_has_role('e2e_partial', 'e2e_auditors', 'MEMBER')"), "t");
    });

    await step("10a", "a grant waiting on a lock fails at its timeout, and leaves nothing behind", async () => {
        // A DBA's session holds the lock that grants on the database take (advisory, as the provider's).
        const holder = execFile(env("E2E_PSQL"), ["-X", "-d", "postgres", "-c", "SELECT pg_advisory_lock(hashtext('database:e2e_app'))", "-c", "SELECT pg_sleep(600)"], {
            env: { ...psqlEnv, PGAPPNAME: "e2e-lock-holder" },
        });
        const holding = "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'e2e-lock-holder' AND l.locktype = 'advisory' AND l.granted";
        while (psql(holding) !== "1") {
            await new Promise((r) => setTimeout(r, 100));
        }
        phase = "slowGrant";
        const start = Date.now();
        const msg = await failure(() => stack.up());
        const took = (Date.now() - start) / 1000;
        logs.push(msg);
        assert.match(
            msg,
            /Grant "slow": create timed out after 2s \(the program's customTimeouts\.create\); give it more time with the customTimeouts resource option, such as \{ create: "4s" \}: /,
        );
        assert.ok(took < 30, `the update took ${took}s: it waited on the lock, not for its timeout (2s)`);
        console.log(`  the update failed after ${took.toFixed(1)}s; the user sees: ${msg.split("\n").find((l) => l.includes("timed out"))!.trim()}`);
        // Nothing waits on the lock, no session of the provider's is busy, and the grant was not made.
        const waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted";
        for (let i = 0; i < 50 && psql(waiting) !== "0"; i++) {
            await new Promise((r) => setTimeout(r, 100));
        }
        assert.equal(psql(waiting), "0", "a session still waits on the lock");
        assert.equal(psql(sessionsSQL + " AND state <> 'idle'"), "0", "a session of the provider's is still busy");
        assert.equal(psql("SELECT has_database_privilege('e2e_reader', 'e2e_app', 'CREATE')"), "f");
        assert.equal((await resources(stack, prefixes)).has("Grant::slow"), false);
        psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'e2e-lock-holder'");
        await new Promise((r) => holder.on("exit", r));
    });

    await step("10b", "once the lock is free, the grant is made within its default timeout", async () => {
        phase = "grant";
        const ops = new Ops(false, prefixes);
        const res = logged(await stack.up({ onEvent: ops.onEvent }));
        assertQuiet(res);
        assert.deepEqual(ops.with("create"), ["Grant::slow"]);
        assert.equal(psql("SELECT has_database_privilege('e2e_reader', 'e2e_app', 'CREATE')"), "t");
    });

    await step("11", "destroy removes everything; no secret in plain text anywhere", async () => {
        assertSecretsHidden(await resources(stack, prefixes), secrets);
        const res = logged(await stack.destroy());
        assert.equal((await resources(stack, prefixes)).size, 0);
        assert.equal(psql("SELECT count(*) FROM pg_database WHERE datname = 'e2e_app'"), "0");
        // get adopted e2e_adopted without owning it: destroy leaves it to the DBA, as the group.
        assert.equal(psql("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles WHERE rolname LIKE 'e2e%'"), "e2e_adopted,e2e_auditors");
        psql("DROP ROLE e2e_adopted");
        psql("DROP ROLE e2e_auditors");
        assert.equal(psql("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles"), before);
        assert.ok(res.summary.resourceChanges?.delete, "destroy deleted nothing");
        assertNoPlainSecrets(secrets);
        for (const s of secrets) {
            assert.ok(!logs.some((l) => l.includes(s)), `a secret is in the engine's output in plain text`);
        }
        assertLogsHideSecrets("postgresql", secrets);
    });
    finish(start);
}

main().catch((err) => {
    console.error(err);
    process.exit(1);
});
