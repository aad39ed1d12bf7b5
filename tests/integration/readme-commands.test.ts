// Every command the README gives works from any directory and never asks the npm registry. A bare
// `npx` of the name, run outside the checkout, asks the registry for a package called "tidings"
// (and with piped input installs and runs it without asking): a registry that records requests,
// on a loopback address, stands in for npmjs.org here.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { verifyPassword } from "@/lib/features/auth/password-hash";

const ROOT = path.resolve(__dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");
const SECRETS = { PW: "the web password, long", API_PW: "the api password, long" };

let database: FreshDatabase;
let registry: Server;
let registryUrl: string;
const registryRequests: string[] = [];
let elsewhere: string;

beforeAll(async () => {
  database = await createFreshDatabase();
  elsewhere = mkdtempSync(path.join(tmpdir(), "tidings-readme-"));
  registry = createServer((request, response) => {
    registryRequests.push(request.url ?? "");
    response.writeHead(404, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.10.30.1", resolve));
  const address = registry.address();
  registryUrl = `http://127.10.30.1:${typeof address === "object" && address ? address.port : 0}/`;
});
afterAll(async () => {
  await new Promise((resolve) => registry?.close(resolve));
  rmSync(elsewhere, { recursive: true, force: true });
  await database?.dispose();
});

/** Runs a shell command line as a reader pastes it; the registry is the recording one. */
function runShell(command: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], {
      cwd,
      env: {
        ...process.env,
        ...SECRETS,
        DATABASE_URL: database.url,
        TIDINGS_LOG_LEVEL: "warn",
        npm_config_registry: registryUrl,
        npm_config_yes: "true", // what piped input amounts to: npx does not stop to ask
        npm_config_update_notifier: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The README's inline commands that pipe into the command line (`printf … | …`). */
const pipedCommands = [...README.matchAll(/`(printf [^`]+)`/g)].map((match) =>
  match[1]!.replaceAll("\\|", "|").replaceAll("/path/to/tidings", ROOT),
);

describe("the README's commands", () => {
  it("never call npx on the name without --no-install", () => {
    const npxCalls = [...README.matchAll(/npx(?:\s+--?[\w-]+)*\s+tidings\b/g)].map((match) => match[0]);
    expect(npxCalls.length).toBeGreaterThan(0);
    expect(npxCalls.filter((call) => !call.includes("--no-install"))).toEqual([]);
  });

  it("each piped command works from another directory and asks the registry nothing", async () => {
    expect(pipedCommands).toHaveLength(3);
    registryRequests.splice(0);
    for (const command of pipedCommands) {
      const result = await runShell(command, elsewhere);
      expect([command, result.code, result.output]).toEqual([command, 0, expect.any(String)]);
    }
    expect(registryRequests).toEqual([]);
    // One user (the first admin, made by the first command): both passwords are theirs.
    const [owner, ...others] = await database.db.user.findMany({ orderBy: { id: "asc" } });
    expect(others).toEqual([]);
    expect(await verifyPassword(SECRETS.API_PW, owner!.apiPasswordHash!)).toBe(true);
    expect(await verifyPassword(SECRETS.PW, owner!.passwordHash!)).toBe(true);
  });

  it("npx --no-install, inside the checkout as documented, runs the checkout's command and asks nothing", async () => {
    registryRequests.splice(0);
    const result = await runShell("npx --no-install tidings sources --json", ROOT);
    expect([result.code, result.output]).toEqual([0, expect.stringMatching(/^\[/)]);
    expect(registryRequests).toEqual([]);
  });

  it("the fault they avoid: a bare npx of the name outside the checkout asks the registry for it", async () => {
    registryRequests.splice(0);
    const result = await runShell("printf '%s' \"$API_PW\" | npx tidings api-password", elsewhere);
    expect(result.code).not.toBe(0);
    expect(registryRequests).toContain("/tidings");
  });
});
