/** A folder of ignore files with the pattern shapes the walk's quick checks treat differently, and files they judge. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Ignore files with the pattern shapes the walk's quick checks treat differently. */
export const IGNORE_FILES: Record<string, string> = {
  ".gitignore": [
    "*.log", "!important.log", "/anchored.txt", "build/", "docs/**/draft.md", "f[ab]o.txt", "**/cache",
    "temp?", "logs/*", "!logs/keep/", "*.o/", "\\#hash.txt", "name*", "!name-kept.txt",
  ].join("\n"),
  ".ignore": "secret*\n",
  "sub/.gitignore": "!*.log\nlocal/\n/only-here.txt\n",
  "sub/.rgignore": "rgonly.txt\n",
};

export const FILES = [
  ".git/HEAD", "a.log", "important.log", "anchored.txt", "sub/anchored.txt", "build/x.ts", "sub/build/y.ts",
  "plain/build", "docs/a/b/draft.md", "docs/draft.md", "draft.md", "fao.txt", "fbo.txt", "fco.txt",
  "x/cache/c.txt", "cache", "temp1", "temp12", "logs/one.txt", "logs/keep/k.txt", "out.o/z.txt", "file.o",
  "#hash.txt", "secret1.txt", "sub/secret2.txt", "sub/a.log", "sub/local/l.txt", "sub/only-here.txt",
  "sub/deeper/only-here.txt", "sub/rgonly.txt", ".hidden/h.txt", ".h.txt", "normal.ts", "sub/deeper/n.ts",
  "name.txt", "name-kept.txt", "names/inside.txt", "sub/.hidden.log",
];

/** Writes the ignore files and the files (each holding "x") below `root`. */
export function writeIgnoreTree(root: string): void {
  for (const [path, text] of [...Object.entries(IGNORE_FILES), ...FILES.map((path) => [path, "x\n"] as const)]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}
