/** The README's examples work as written: the library example runs against this checkout. */
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder } from "./helpers/temporaryFolder.ts";

const README = readFileSync(resolve(import.meta.dir, "..", "README.md"), "utf8");

/** The first fenced block of `language` after `heading`. */
function blockAfter(heading: string, language: string): string {
  const start = README.indexOf(heading);
  if (start === -1) throw new Error(`the README has no "${heading}"`);
  const fence = README.indexOf(`\`\`\`${language}\n`, start);
  const end = README.indexOf("```", fence + 3 + language.length);
  return README.slice(fence + language.length + 4, end);
}

describe("README", () => {
  test("the library example runs and reads package.json through the pipeline", async () => {
    const folder = createTemporaryFolder("toolshed-readme-");
    try {
      const code = blockAfter("## As a library", "ts").replace('from "toolshed"', `from ${JSON.stringify(resolve(import.meta.dir, "..", "src", "index.ts"))}`);
      writeFileSync(join(folder.path, "example.ts"), code);
      writeFileSync(join(folder.path, "package.json"), '{"name": "embedding-agent"}\n');
      const child = Bun.spawn([process.execPath, "example.ts"], {
        cwd: folder.path,
        env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, "config"), TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json") },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(stdout).toContain("tool_result");
      expect(stdout).toContain("embedding-agent");
      expect(stdout).not.toContain("is_error");
    } finally {
      folder.remove();
    }
  });
});
