/**
 * What `toolshed run` and `toolshed tools` load before they run, from the public bundle's
 * metafile: of the runtime's own modules only node:fs and node:path (node:net, node:dns and the
 * like each cost start-up about a millisecond, and node:os is asked for on first use), and none of
 * what a tool needs only when it is called (WebFetch's network code, the shell analysis and its
 * program catalogue), nor the help texts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Metafile } from "../../scripts/build/bundleFlavor.ts";
import { builtinsLoadedBy, chunkOf, inputsOf, publicMetafile, staticClosure } from "../helpers/bundleClosure.ts";

let metafile: Metafile;
beforeAll(async () => {
  metafile = await publicMetafile();
}, 60_000);

const COMMANDS = ["src/cli/runCommand.ts", "src/cli/toolsCommand.ts"];

/** What `entry`'s chunk loads, with main's and the dispatcher's, which always come first. */
function startupInputs(entry: string): string[] {
  const chunks = new Set<string>();
  for (const source of ["src/main.ts", "src/cli/runCli.ts", entry]) {
    const chunk = chunkOf(metafile, source);
    if (chunk === undefined) throw new Error(`${source} has no chunk of its own`);
    for (const loaded of staticClosure(metafile, chunk)) chunks.add(loaded);
  }
  return inputsOf(metafile, chunks);
}

describe("start-up of run and tools", () => {
  for (const entry of COMMANDS) {
    test(`${entry} loads no runtime module but node:fs and node:path`, () => {
      const inputs = startupInputs(entry);
      expect(inputs).toContain("src/tools/ReadTool/ReadTool.ts");
      const builtins = builtinsLoadedBy(metafile, inputs);
      expect(builtins.has("fs")).toBe(true);
      const others = Object.fromEntries([...builtins].filter(([name]) => name !== "fs" && name !== "path"));
      expect(others).toEqual({});
    });

    test(`${entry} loads WebFetch's definition but not its network code, no shell analysis, and no help text`, () => {
      const inputs = startupInputs(entry);
      expect(inputs).toContain("src/tools/WebFetchTool/WebFetchTool.ts");
      expect(inputs).toContain("src/tools/BashTool/BashTool.ts");
      const callTime = [
        "src/tools/WebFetchTool/webFetchCall.ts", "src/tools/WebFetchTool/webFetchNetwork.ts", "src/tools/WebFetchTool/fetchPage.ts",
        "src/shell/analyzeShellCommand.ts", "src/shell/programCatalogue.ts", "src/shell/collectCommandParts.ts", "src/shell/shellParser.ts",
        "src/cli/help.ts",
      ];
      for (const path of callTime) {
        expect(inputs).not.toContain(path);
      }
    });
  }
});
