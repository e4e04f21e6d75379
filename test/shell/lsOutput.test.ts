/** What ls prints, read from its options as GNU ls reads them; checked against the real ls where it is GNU's. */
import { describe, expect, test } from "bun:test";
import { lsOutput } from "../../src/shell/lsOutput.ts";
import type { ShellWord } from "../../src/shell/types.ts";

const words = (...values: string[]): ShellWord[] => values.map((value) => ({ value, literal: true, glob: false }));
const read = (...values: string[]) => lsOutput(words("ls", ...values));
const operands = (...values: string[]) => read(...values)?.operands.map((word) => word.value);

describe("lsOutput", () => {
  test("-d prints the operands themselves; without it, their entries", () => {
    expect(read("-d", "/etc")?.itself).toBe(true);
    expect(read("-ld", "/etc")?.itself).toBe(true);
    expect(read("/etc")?.itself).toBe(false);
    expect(read("--direc", "/etc")?.itself).toBe(true);
  });

  test("a long option is any unambiguous start of its name; an ambiguous or unknown one prints nothing", () => {
    expect(read("--dir", "x")).toBeUndefined();
    expect(read("--no-such-option")).toBeUndefined();
    expect(read("--help")).toBeUndefined();
    expect(read("--ze")?.nulSeparated).toBe(true);
  });

  test("values of -I, -w, -T and of long options that need one are not operands; --color takes none of its own", () => {
    expect(operands("-w", "80", "a")).toEqual(["a"]);
    expect(operands("-w80", "a")).toEqual(["a"]);
    expect(operands("-lI", "x", "a")).toEqual(["a"]);
    expect(operands("--so", "time", "a")).toEqual(["a"]);
    expect(operands("--sort=time", "a")).toEqual(["a"]);
    expect(operands("--color", "a")).toEqual(["a"]);
    expect(operands("--", "-d")).toEqual(["-d"]);
    expect(read("--", "-d")?.itself).toBe(false);
  });

  test("-a and -f print . and ..; -I, --ignore and --hide leave entries out, --hide not with -a or -A", () => {
    expect(read("-a")?.dotEntries).toBe(true);
    expect(read("-f")?.dotEntries).toBe(true);
    expect(read("-A")?.dotEntries).toBe(false);
    expect(read("-aA")?.dotEntries).toBe(false);
    expect(read("-A", "-a")?.dotEntries).toBe(true);
    expect(read("-I", ".ssh")?.leavesOut).toBe(true);
    expect(read("--ignore=.ssh")?.leavesOut).toBe(true);
    expect(read("--hide", ".ssh")?.leavesOut).toBe(true);
    expect(read("-A", "--hide", ".ssh")?.leavesOut).toBe(false);
  });

  test("-p, -F and their long forms print a link to a folder with a slash only when -L follows links", () => {
    expect(read("-p")?.linksSlashed).toBe(false);
    expect(read("-Lp")?.linksSlashed).toBe(true);
    expect(read("-L", "--classify")?.linksSlashed).toBe(true);
    expect(read("--dereference", "--indicator-style=slash")?.linksSlashed).toBe(true);
    expect(read("-L", "--indicator-style=none")?.linksSlashed).toBe(false);
  });

  test("dir and vdir are ls; another program is not", () => {
    expect(lsOutput(words("dir"))?.itself).toBe(false);
    expect(lsOutput(words("/usr/bin/vdir", "-d", "x"))?.itself).toBe(true);
    expect(lsOutput(words("lsof"))).toBeUndefined();
  });

  const gnu = Bun.spawnSync(["ls", "--version"], { stdout: "pipe", stderr: "ignore" }).stdout.toString().includes("GNU");
  test.skipIf(!gnu)("the real GNU ls agrees about which long options it takes", () => {
    const runs = (...args: string[]) => Bun.spawnSync(["ls", ...args, "/"], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
    for (const option of ["--direc", "--ze", "--so=time", "--color", "--dir", "--no-such-option"]) {
      expect({ option, read: read(option) !== undefined }).toEqual({ option, read: runs(option) });
    }
  });
});
