/** A small corpus of the cases where searches differ: ignore files, hidden and binary files, unicode, CRLF. */
import { mkdirSync, symlinkSync, writeFileSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";

const FILES: Record<string, string | Uint8Array> = {
  ".git/HEAD": "ref: refs/heads/main\n",
  ".gitignore": "ignored.txt\nbuild/\n*.log\n!keep.log\nvendored/\n",
  "vendored/lib/code.js": "needle in an ignored folder searched directly\n",
  "vendored/lib/skip.log": "needle in a log in an ignored folder\n",
  ".ignore": "secret.md\n",
  "ignored.txt": "needle in an ignored file\n",
  "build/out.js": "const needle = 1;\n",
  "debug.log": "needle in a log\n",
  "keep.log": "needle kept by negation\n",
  "secret.md": "needle in a .ignore'd file\n",
  ".hidden.txt": "needle hidden\n",
  ".cache/inner.txt": "needle in a hidden folder\n",
  "sub/.gitignore": "local.txt\n",
  "sub/local.txt": "needle local ignore\n",
  "sub/kept.txt": "needle under sub\nNEEDLE upper\nneedle needle twice\n",
  "sub/deep/more.ts": "export const needle = 'café';\nfunction find(needle: string) {\n  return needle;\n}\n",
  "src/a.ts": "import x from 'y';\n// TODO: needle\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nneedle();\nconst e = 5;\n",
  "src/b.js": "var needle = true;\nmodule.exports = needle;\n",
  "src/c.py": "def needle():\n    return 'naïve café'\n",
  "unicode.txt": "café crème\nΑθήνα needle\nemoji 😀 needle\nnaïve\nCAFÉ\n",
  "crlf.txt": "first needle\r\nsecond line\r\nthird needle\r\n",
  "multi.txt": "begin block\nmiddle\nend block\nbegin again\nend again\n",
  "long.txt": `${"x".repeat(600)} needle ${"y".repeat(100)}\nshort needle\n`,
  "dash.txt": "-v is a flag\n--help too\n",
  "name with space.txt": "needle with space\n",
  "colon:name.txt": "needle colon\n",
  "many.txt": Array.from({ length: 40 }, (_, index) => `needle ${index}`).join("\n") + "\n",
  "bin.dat": new Uint8Array([0x89, 0x50, 0x00, 0x01, ...new TextEncoder().encode("needle in binary\n")]),
  "empty.txt": "",
  "no-newline.txt": "needle at end without newline",
};

/** Writes the corpus under `root` with fixed, distinct modification times (newest: many.txt). */
export function writeGrepCorpus(root: string): void {
  let time = 1_700_000_000;
  for (const [name, content] of Object.entries(FILES)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    time += 60;
    utimesSync(path, time, time);
  }
  symlinkSync(join(root, "src", "a.ts"), join(root, "link-to-a.ts"));
}
