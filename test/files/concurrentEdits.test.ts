import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

const EDITS_PER_PROCESS = 120;

test("two toolshed processes doing Read-then-Edit on one file lose no update: a concurrent change is refused", async () => {
  folder = createTemporaryFolder();
  const path = join(folder.path, "shared.txt");
  const go = join(folder.path, "go");
  writeFileSync(path, "START\nEND\n");
  const children = ["a", "b"].map((id) =>
    Bun.spawn([process.execPath, join(import.meta.dir, "fixtures", "editLoop.ts"), path, id, String(EDITS_PER_PROCESS), go], { stdout: "pipe", stderr: "pipe" }),
  );
  writeFileSync(go, "");
  const reports = await Promise.all(children.map(async (child) => {
    const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect(await child.exited).toBe(0);
    expect(err).toBe("");
    return JSON.parse(out) as { applied: string[]; refusals: string[] };
  }));
  const lines = readFileSync(path, "utf8").split("\n");
  const applied = reports.flatMap((report) => report.applied);
  // Every edit reported as made is in the file: none was overwritten by the other process.
  for (const marker of applied) expect(lines).toContain(marker);
  expect(lines.length).toBe(applied.length + 3);
  // Every edit not made was refused with a message that says why and what to do.
  for (const refusal of reports.flatMap((report) => report.refusals)) {
    expect(refusal).toMatch(/has changed since it was last read|is being changed by another toolshed process/);
  }
  expect(applied.length).toBeGreaterThan(0);
  expect(readdirSync(folder.path).filter((name) => name.endsWith(".tmp") || name.endsWith("-lock"))).toEqual([]);
}, 60_000);
