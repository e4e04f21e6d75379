import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/runCli.ts";
import { captureStreams } from "../helpers/cliStreams.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
let previousCwd: string;
beforeEach(() => {
  folder = createTemporaryFolder();
  previousCwd = process.cwd();
  process.chdir(folder.path);
  process.env.TOOLSHED_SESSION_DIR = join(folder.path, ".session");
});
afterEach(() => {
  process.chdir(previousCwd);
  delete process.env.TOOLSHED_SESSION_DIR;
  folder.remove();
});

describe("toolshed help and errors", () => {
  test("--help prints the command list", async () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const streams = captureStreams();
      expect(await runCli(args, streams)).toBe(0);
      expect(streams.out()).toContain("Commands:");
      expect(streams.out()).toContain("run <Tool>");
    }
  });

  test("no arguments, a prompt, or the terminal's flags, where there is no terminal: a usage error pointing at -p", async () => {
    for (const [args, example] of [[[], "<prompt>"], [["--continue"], "<prompt>"], [["fix", "the", "bug"], "fix the bug"]] as const) {
      const streams = captureStreams({ stdinIsTTY: false });
      expect(await runCli([...args], streams)).toBe(2);
      expect(streams.err()).toContain(`toolshed -p "${example}"`);
      expect(streams.out()).toBe("");
    }
    const help = captureStreams({ stdinIsTTY: false });
    expect(await runCli(["--continue", "--help"], help)).toBe(0);
    expect(help.out()).toContain("Usage: toolshed [prompt] [options]");
  });

  test("every command has --help", async () => {
    for (const command of ["tools", "run"]) {
      const streams = captureStreams();
      expect(await runCli([command, "--help"], streams)).toBe(0);
      expect(streams.out()).toContain(`Usage: toolshed ${command}`);
      const viaHelp = captureStreams();
      expect(await runCli(["help", command], viaHelp)).toBe(0);
      expect(viaHelp.out()).toBe(streams.out());
    }
  });

  test("an unknown command or flag is a usage error listing the valid ones", async () => {
    const unknownCommand = captureStreams();
    expect(await runCli(["frobnicate"], unknownCommand)).toBe(2);
    expect(unknownCommand.err()).toContain('unknown command "frobnicate". The commands are: tools, run');
    const unknownFlag = captureStreams();
    expect(await runCli(["--frob"], unknownFlag)).toBe(2);
    expect(unknownFlag.err()).toContain('unknown option "--frob"');
    const unknownSubFlag = captureStreams();
    expect(await runCli(["tools", "--yaml"], unknownSubFlag)).toBe(2);
    expect(unknownSubFlag.err()).toContain("The flags of \"toolshed tools\" are: --json, --help (-h), --settings, --allowedTools, --disallowedTools, --permission-mode, --dangerously-skip-permissions, --add-dir.");
    const helpTopic = captureStreams();
    expect(await runCli(["help", "nope"], helpTopic)).toBe(2);
  });

  test("--version names the version, flavor, features, commit and Bun version", async () => {
    const streams = captureStreams();
    expect(await runCli(["--version"], streams)).toBe(0);
    expect(streams.out()).toMatch(/^toolshed \d+\.\d+\.\d+ \(flavor \w+; features [\w,]+; commit \w+; bun \d+\.\d+\.\d+\)\n$/);
  });
});

describe("toolshed tools", () => {
  test("--json prints the pool as the API receives it", async () => {
    const streams = captureStreams();
    expect(await runCli(["tools", "--json"], streams)).toBe(0);
    const pool = JSON.parse(streams.out()) as Array<{ name: string; description: string; input_schema: { type: string } }>;
    expect(pool.map((tool) => tool.name)).toContain("Read");
    for (const tool of pool) {
      expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name"]);
      expect(tool.input_schema.type).toBe("object");
    }
  });

  test("the text listing shows each tool with its parameters", async () => {
    const streams = captureStreams();
    expect(await runCli(["tools"], streams)).toBe(0);
    expect(streams.out()).toContain("Read  file_path [offset] [limit] [pages]");
  });

  test("stray arguments are a usage error", async () => {
    expect(await runCli(["tools", "extra"], captureStreams())).toBe(2);
  });
});

describe("toolshed run", () => {
  test("prints the result text and exits 0", async () => {
    const path = join(folder.path, "hello.txt");
    writeFileSync(path, "hi there\n");
    const streams = captureStreams();
    expect(await runCli(["run", "Read", JSON.stringify({ file_path: path })], streams)).toBe(0);
    expect(streams.out()).toBe("1\thi there\n");
  });

  test("--json prints the tool_result block", async () => {
    const path = join(folder.path, "hello.txt");
    writeFileSync(path, "hi\n");
    const streams = captureStreams();
    expect(await runCli(["run", "Read", JSON.stringify({ file_path: path }), "--json"], streams)).toBe(0);
    expect(JSON.parse(streams.out())).toEqual({ type: "tool_result", tool_use_id: "toolu_cli_1", content: "1\thi" });
  });

  test('reads the input from standard input with "-"', async () => {
    const path = join(folder.path, "piped.txt");
    writeFileSync(path, "piped\n");
    const streams = captureStreams({ stdin: JSON.stringify({ file_path: path }), stdinIsTTY: false });
    expect(await runCli(["run", "Read", "-"], streams)).toBe(0);
    expect(streams.out()).toBe("1\tpiped\n");
  });

  test("input from a pipe without \"-\" works; an empty pipe means no input, \"-\" with an empty pipe is an error", async () => {
    const path = join(folder.path, "piped.txt");
    writeFileSync(path, "piped\n");
    const piped = captureStreams({ stdin: JSON.stringify({ file_path: path }), stdinIsTTY: false });
    expect(await runCli(["run", "Read"], piped)).toBe(0);
    expect(piped.out()).toBe("1\tpiped\n");
    const empty = captureStreams({ stdin: "", stdinIsTTY: false });
    expect(await runCli(["run", "Read"], empty)).toBe(1); // ran with {}: Read says file_path is missing
    expect(empty.err()).toContain("missing required parameter `file_path`");
    const dash = captureStreams({ stdin: "", stdinIsTTY: false });
    expect(await runCli(["run", "Read", "-"], dash)).toBe(2);
    expect(dash.err()).toContain("not valid JSON");
  });

  test("a tool error exits 1 with the message on stderr", async () => {
    const streams = captureStreams();
    expect(await runCli(["run", "Read", JSON.stringify({ file_path: join(folder.path, "missing.txt") })], streams)).toBe(1);
    expect(streams.err()).toContain("File does not exist");
    const json = captureStreams();
    expect(await runCli(["run", "Read", JSON.stringify({ file_path: join(folder.path, "missing.txt") }), "--json"], json)).toBe(1);
    expect(JSON.parse(json.out()).is_error).toBe(true);
  });

  test("an unknown tool is bad usage (exit 2); invalid input and a permission denial exit 1", async () => {
    const unknown = captureStreams();
    expect(await runCli(["run", "Nope", "{}"], unknown)).toBe(2);
    expect(unknown.err()).toContain("The available tools are:");
    const invalid = captureStreams();
    expect(await runCli(["run", "Read", '{"file_path": 3}'], invalid)).toBe(1);
    expect(invalid.err()).toContain("`file_path` must be a string");
    const outside = captureStreams();
    expect(await runCli(["run", "Read", '{"file_path": "/etc/hostname"}'], outside)).toBe(1);
    expect(outside.err()).toContain("Permission to use Read was denied");
  });

  test("bad JSON, a non-object, a missing tool name and extra arguments exit 2", async () => {
    const cases: Array<[string[], string]> = [
      [["run", "Read", "{nope"], "is not valid JSON"],
      [["run", "Read", "[1,2]"], "must be a JSON object"],
      [["run"], "needs a tool name"],
      [["run", "Read", "{}", "more"], "also got: more"],
    ];
    for (const [args, message] of cases) {
      const streams = captureStreams();
      expect(await runCli(args, streams)).toBe(2);
      expect(streams.err()).toContain(message);
    }
  });
});

describe("progress at the terminal", () => {
  test("strings, lines and messages are shown; anything else is not", async () => {
    const { progressText } = await import("../../src/cli/openCliSession.ts");
    expect(progressText("50%")).toBe("50%");
    expect(progressText({ type: "line", line: "server ready", lineNumber: 3 })).toBe("server ready");
    expect(progressText({ message: "indexing" })).toBe("indexing");
    expect(progressText({ percent: 3 })).toBeUndefined();
    expect(progressText(null)).toBeUndefined();
  });
});
