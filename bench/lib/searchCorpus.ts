/** The generated corpus the Grep and Glob benchmarks search: 20,000 files, made the same every time. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchDirectory, publicBinary } from "./binaries.ts";

export const CORPUS_FILES = 20_000;
const WORDS = ["alpha", "beta", "gamma", "delta", "config", "value", "return", "function", "import", "export", "const", "let", "while", "for", "class", "interface"];

/** Writes the corpus under .bench/search-corpus (once) and returns its folder. */
export function ensureSearchCorpus(): string {
  const root = join(benchDirectory, "search-corpus");
  if (existsSync(join(root, ".complete"))) return root;
  rmSync(root, { recursive: true, force: true });
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let index = 0; index < CORPUS_FILES; index++) {
    const folder = join(root, `pkg${index % 50}`, `mod${index % 400}`);
    if (index < 400) mkdirSync(folder, { recursive: true });
    const lines: string[] = [];
    for (let line = 0; line < 40; line++) {
      const words = Array.from({ length: 8 }, () => WORDS[Math.floor(random() * WORDS.length)]);
      if (random() < 0.002) words.push(`needle_${index}`);
      lines.push(words.join(" "));
    }
    writeFileSync(join(folder, `file${index}.${index % 3 === 0 ? "ts" : "txt"}`), `${lines.join("\n")}\n`);
  }
  writeFileSync(join(root, ".gitignore"), "pkg49/\n");
  writeFileSync(join(root, ".complete"), "");
  return root;
}

/** Removes the corpus. */
export function removeSearchCorpus(): void {
  rmSync(join(benchDirectory, "search-corpus"), { recursive: true, force: true });
}

/** What a search benchmark compares: the built binary and ripgrep, run over the corpus. */
export interface SearchBench {
  toolshed: string;
  rg: string;
  corpus: string;
}

/** Finds the binary and ripgrep, writes the corpus, runs `body`, and removes the corpus afterwards. */
export async function withSearchCorpus<T>(body: (bench: SearchBench) => Promise<T>): Promise<T> {
  const toolshed = await publicBinary();
  const rg = Bun.which("rg");
  if (rg === null) throw new Error("ripgrep (rg) is needed as the reference: apt-get install ripgrep");
  const corpus = ensureSearchCorpus();
  try {
    return await body({ toolshed, rg, corpus });
  } finally {
    removeSearchCorpus();
  }
}

/** The environment the binary runs with: no user settings, a throw-away session folder. */
export function benchEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) environment[key] = value;
  return {
    ...environment,
    TOOLSHED_CONFIG_DIR: join(benchDirectory, "config-home"),
    TOOLSHED_SESSION_DIR: join(benchDirectory, "session"),
    ...extra,
  };
}

/** Runs a command in `cwd` to completion; fails loudly when it does not exit with one of `okCodes`. */
export function runIn(cwd: string, command: string[], environment?: Record<string, string>, okCodes: number[] = [0]): void {
  const result = Bun.spawnSync(command, { cwd, env: environment, stdout: "ignore", stderr: "pipe" });
  if (!okCodes.includes(result.exitCode)) throw new Error(`${command.join(" ")} exited ${result.exitCode}: ${result.stderr}`);
}
