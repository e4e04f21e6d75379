/**
 * The screen's code (Ink, React, the layout engine and src/terminal) is loaded on the interactive
 * path only: the bundle keeps it in chunks that only a dynamic import reaches, and `--version`,
 * `-p`, `run` and `tools` running from source never load it. Without a terminal, bare `toolshed`
 * says to use -p.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chunkOf, inputsOf, publicMetafile, staticClosure } from "../helpers/bundleClosure.ts";
import { textTurn } from "../helpers/messagesApiServer.ts";
import { createPrintKit, MAIN, type PrintKit } from "../helpers/printRun.ts";

/** What only the interactive terminal may load. */
const SCREEN_CODE = /node_modules\/(ink|react|react-reconciler|yoga-layout|marked|highlight\.js)\/|src\/terminal\//;

let kit: PrintKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("the bundle", () => {
  test("only a dynamic import reaches the screen's chunks; the entry and the -p, run and tools chunks do not", async () => {
    const metafile = await publicMetafile();
    const screenInputs = (chunks: Set<string>) => inputsOf(metafile, chunks).filter((input) => SCREEN_CODE.test(input));
    for (const entry of ["src/main.ts", "src/cli/printCommand.ts", "src/cli/runCommand.ts", "src/cli/toolsCommand.ts", "src/cli/runCli.ts"]) {
      const chunk = chunkOf(metafile, entry);
      expect(chunk, `${entry} has a chunk of its own`).toBeDefined();
      expect(screenInputs(staticClosure(metafile, chunk as string)), `what ${entry} loads`).toEqual([]);
    }
    // And the screen is there, behind its own dynamic import.
    const screen = chunkOf(metafile, "src/terminal/ui/runTerminalApp.tsx");
    expect(screen).toBeDefined();
    expect(screenInputs(staticClosure(metafile, screen as string)).some((input) => input.includes("node_modules/ink/"))).toBe(true);
  }, 60_000);
});

describe("running from source", () => {
  /** Runs toolshed with a preload that writes every module it loaded to a file at exit. */
  async function loadedModules(args: string[], env: Record<string, string>, cwd: string): Promise<string[]> {
    const record = join(cwd, "..", `modules-${Math.random().toString(36).slice(2)}.txt`);
    const preload = join(cwd, "..", "recordModules.ts");
    writeFileSync(preload, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(record)}, Object.keys(require.cache).join("\\n")));\n`);
    const child = Bun.spawn([process.execPath, "--preload", preload, MAIN, ...args], { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect({ status, stderr }).toMatchObject({ status: 0 });
    expect(stdout.length).toBeGreaterThan(0);
    return readFileSync(record, "utf8").split("\n");
  }

  test("--version, -p, run and tools never load the screen", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("Four."));
    writeFileSync(join(kit.project, "two.txt"), "one\ntwo\n");
    for (const args of [["--version"], ["-p", "what is 2 + 2?"], ["run", "Read", JSON.stringify({ file_path: join(kit.project, "two.txt") })], ["tools"]]) {
      const modules = await loadedModules(args, kit.env, kit.project);
      expect(modules.length).toBeGreaterThan(1);
      expect(modules.filter((path) => SCREEN_CODE.test(path)), `toolshed ${args[0]}`).toEqual([]);
    }
  }, 60_000);

  test("without a terminal, bare toolshed says to use -p", async () => {
    kit = await createPrintKit();
    for (const [args, hint] of [[[], 'toolshed -p "<prompt>"'], [["explain this project"], 'toolshed -p "explain this project"'], [["--continue"], 'toolshed -p "<prompt>"']] as const) {
      const run = await kit.run([...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("terminal");
      expect(run.stderr).toContain(hint);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
    expect(kit.server.requestCount).toBe(0);
  });
});
