/**
 * The adversarial corpus, `for` loops over words the analysis reads: the body is judged once per
 * item, `"$f"` standing for the item and a glob item for every file it matches, so the loops
 * models write every day (`for f in src/*.ts; do wc -l "$f"; done`) run while a Read deny rule
 * is in force, and a loop over a denied file is denied as the file is. Whatever could set the
 * variable while the body runs, or an item or use the analysis cannot read, keeps `$f` unknown.
 * Each case names its rules and mode and asserts the exact decision; every case not marked `guard`
 * came out ask before this round (a loop over a denied file too: it is denied now).
 */
import { afterAll, beforeAll } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusTests, inBothModes, type Case, type Expected } from "./corpusCases.ts";
import { createPlayground, type Playground, type RuleSet } from "./harness.ts";

const RULES: RuleSet = { deny: ["Read(.env)", "Read(secrets/**)", "Bash(rm *)"] };

/** In the default mode, with nothing allowed: reads of the project's files run there. */
const plain = (command: string, expected: Expected, guard?: true): Case => ({ command, rules: RULES, expected, guard });
const everywhere = (command: string, expected: Expected, guard?: true): Case[] => inBothModes(command, expected, RULES, guard);

const GROUPS: Record<string, Case[]> = {
  "loops over files a deny rule does not cover": [
    plain('for f in src/*.ts; do wc -l "$f"; done', "allow"),
    plain('for f in src/a.ts; do head -5 "${f}"; done', "allow"),
    plain('for f in src/a.ts b.ts; do if [ -f "$f" ]; then wc -l "$f"; fi; done', "allow"),
    plain('for f in src/*.ts; do grep -n TODO "$f" | head -3; done', "allow"),
    plain('for x in src/a.ts notes.md; do cat "$x"; done', "allow"),
    plain("for f in src/a.ts b.ts; do cat $f; done", "allow"),
    plain('for f in src/*.ts; do echo "$(wc -l "$f")"; done', "allow"),
    plain('for f in src/*.ts; do wc -l "$f"; done; for f in b.ts; do cat "$f"; done', "allow"),
    ...everywhere('for f in src/*.ts; do wc -l "$f"; done', "allow"),
  ],
  "a loop over a denied file is denied as the file is (it was asked)": [
    ...everywhere('for f in .env; do cat "$f"; done', "deny"),
    ...everywhere('for f in src/a.ts .env; do cat "$f"; done', "deny"),
    ...everywhere('for f in .e*; do cat "$f"; done', "deny"),
    ...everywhere('for f in secrets/*; do cat "$f"; done', "deny"),
    ...everywhere('for f in *; do cat "$f"; done', "deny"),
    ...everywhere('for f in rm; do "$f" x; done', "deny", true),
    ...everywhere('for f in src/*.ts; do rm "$f"; done', "deny", true),
    // a cluster of option letters that ends in the name and takes no variable's name (`cat -bs`, `rm -rf`) does not set it
    ...everywhere('for s in .env; do cat -bs "$s"; done', "deny"),
  ],
  "guards: what could set the variable, or what the analysis cannot read, keeps it unknown": [
    ...everywhere('for f in src/*.ts; do printf -vf %s/%s secrets key; cat "$f"; done', "deny", true),
    ...everywhere('for f in src/a.ts; do printf -vf %s "$(cat list)"; cat "$f"; done', "ask", true),
    ...everywhere('trap \'f=$(cat list)\' DEBUG; for f in src/a.ts; do cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do declare -n r=f; r=$(cat list); cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do f=$(cat list); cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do export f=$(cat list); cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do for f in $(cat list); do :; done; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do for f in link-env; do :; done; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/*.ts; do read -r f < list; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do read -af < list; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do wait -pf; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do declare -nf; cat "$f"; done', "ask", true),
    ...everywhere('for f in src/*.ts; do for f in secrets/key; do :; done; cat "$f"; done', "ask", true),
    ...everywhere('trap \'f=secrets/key\' DEBUG; for f in src/a.ts; do cat "$f"; done', "deny", true),
    ...everywhere('for f in src/*.ts; do declare -n r=f; r=secrets/key; cat "$f"; done', "deny", true),
    ...everywhere('eval "$X"; for f in src/a.ts; do cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do ((--f)); cat "$f"; done', "ask", true),
    ...everywhere('for f in src/a.ts; do cat "${f:=x}"; done', "ask", true),
    // (the words the unquoted item splits into are mentioned as well: asked before, denied since)
    ...everywhere('for f in "src/a.ts secrets/key"; do cat $f; done', "deny"),
    ...everywhere("for f in src/*.ts; do cat $f; done", "ask", true),
    // (read as the glob that covers it, src/*.ts.bak, which no deny rule covers: asked before, allowed since)
    ...everywhere('for f in src/*.ts; do cat "$f.bak"; done', "allow"),
    ...everywhere('for f in $(ls); do cat "$f"; done', "ask", true),
    ...everywhere('for f in {a,b}.ts; do cat "$f"; done', "ask", true),
    ...everywhere('for f in src/*.ts; do bash -c \'cat "$f"\'; done', "ask", true),
    ...everywhere('for f in src/*.ts; do cd secrets; cat "$f"; done', "deny", true),
    ...everywhere('for f in src/a.ts; do :; done; cat "$f"', "ask", true),
    ...everywhere(`for f in ${Array.from({ length: 17 }, (_, index) => `n${index}.ts`).join(" ")}; do cat "$f"; done`, "ask", true),
  ],
  // A review of the round: variables bash sets itself, names spelled so the text does not show
  // them, a header that sets IFS or GLOBIGNORE. Each came out allow in some mode at the reviewed
  // commit unless marked `guard`.
  "variables the shell sets, names spelled otherwise, headers that change how words expand": [
    ...everywhere('for _ in src/a.ts; do echo "$(cat list)"; cat "$_"; done', "ask"),
    ...everywhere('for BASH_REMATCH in src/a.ts; do [[ $(cat list) =~ .+ ]]; cat "$BASH_REMATCH"; done', "ask"),
    ...everywhere('for REPLY in src/a.ts; do read < list; cat "$REPLY"; done', "ask"),
    ...everywhere('for MAPFILE in src/a.ts; do mapfile -t < list; cat "$MAPFILE"; done', "ask"),
    ...everywhere("for f in src/a.ts; do read $'\\x66' < list; cat \"$f\"; done", "ask"),
    ...everywhere("for f in src/a.ts; do printf -v $'\\x66' %s \"$(cat list)\"; cat \"$f\"; done", "ask"),
    ...everywhere("for f in src/a.ts; do mapfile -t $'\\x66' < list; cat \"$f\"; done", "ask"),
    ...everywhere('for file in src/a.ts; do read fi""le < list; cat "$file"; done', "ask"),
    ...everywhere("for file in src/a.ts; do read fil\\e < list; cat \"$file\"; done", "ask"),
    ...everywhere("declare -n r=$'\\x66'; for f in src/a.ts; do r=$(cat list); cat \"$f\"; done", "ask", true),
    ...everywhere("for IFS in x; do for f in x.envx; do cat $f; done; done", "ask"),
    ...everywhere('for GLOBIGNORE in x; do for f in ?env; do cat "$f"; done; done', "ask"),
    ...everywhere('while true; do for f in src/a.ts; do cat "$f"; done; trap "read $\'\\x66\' < list" DEBUG; done', "ask"),
    // a name made by an earlier part, which a glob item (or any glob) may expand to once it is there
    ...everywhere('ln -s "$(cat list)" x.ts; for f in *.ts; do cat "$f"; done', "ask"),
    ...everywhere('ln -s "$(cat list)" x.ts; cat *.ts', "ask"),
    // a second review: an extglob item used unquoted, a setter naming only other variables
    ...everywhere("bash -O extglob -c 'for f in \"@(.env)\"; do cat $f; done'", "ask"),
    ...everywhere("for f in '@(.env)'; do cat $f; done", "ask"),
    ...everywhere('for f in src/a.ts; do read -r line < list; cat "$f"; done', "allow"),
    ...everywhere('for line in src/a.ts; do read -r line < list; cat "$line"; done', "ask", true),
    // controls: assignments and reads of other variables before or in the loop
    ...everywhere('export LANG=C; for f in src/*.ts; do wc -l "$f"; done', "allow", true),
    ...everywhere('read -r n < list; for f in src/a.ts; do echo "$n"; wc -l "$f"; done', "allow", true),
    plain(`for f in ${Array.from({ length: 16 }, (_, index) => `n${index}.ts`).join(" ")}; do wc -l "$f"; echo "$f"; test -e "$f"; echo; done`, "allow"),
  ],
  "a loop item with more of a name after it is met as the glob of both by deny rules (a review of the gaps)": [
    ...everywhere('for f in sec*; do base64 "$f"/key; done', "deny"),
    ...everywhere('for f in s*; do od -c "$f/key"; done', "deny"),
    ...everywhere('for d in ./*/; do xxd "$d"key; done', "deny"),
    ...everywhere('for f in secrets; do base64 "$f"/k*; done', "deny", true),
    ...everywhere("for f in secrets/*; do base64 $f; done", "deny"),
    ...everywhere("for f in sec*; do base64 $f/key; done", "deny"),
    ...everywhere("for f in sec*; do base64 ${f}/key; done", "deny"),
    ...everywhere('for f in sec*; do base64 $f"/key"; done', "deny"),
    ...everywhere('for d in sec*; do for f in "$d"/k*; do base64 "$f"; done; done', "deny"),
    ...everywhere('for d in s*; do for f in $d/key; do base64 "$f"; done; done', "deny"),
    ...everywhere('for d in sec*; do for f in "$d"; do base64 "$f"/key; done; done', "deny"),
    ...everywhere('for f in ~+/sec*; do base64 "$f"/key; done', "ask"),
    ...everywhere('for f in "$PWD"/s*; do base64 "$f"/key; done', "deny"),
    // a fifth review: encoders, dumps and checksums read the files they are given, as cat does
    ...everywhere('find . -type f | while read f; do base64 "$f"; done', "ask"),
    ...everywhere('for g in $(find . -type f); do od -c "$g"; done', "ask"),
    ...everywhere("sha256sum secrets/key", "deny", true),
    plain("for f in src/*.ts; do sha256sum \"$f\"; done", "allow"),
    ...everywhere('for d in sec*; do cat "$d"/key; done', "deny"),
    ...everywhere('for d in s*; do cat $d/key; done', "deny"),
    // a sixth review: the covering glob is read as any read is, through a link the command makes too; strings reads @file
    ...everywhere('ln -s secrets zz; for d in z*; do cat "$d"/key; done', "deny", true),
    ...everywhere('ln -s . zz; for d in z*; do cat "$d"/secrets/key; done', "ask", true),
    ...everywhere("strings @secrets/key", "deny", true),
    // a seventh review: a folder the command makes before the read matches the glob only then, and `..` climbs out of it
    ...everywhere('mkdir xd; for d in x*; do cat "$d"/../secrets/key; done', "ask", true),
    ...everywhere('mkdir xe; for d in xe*; do base64 "$d"/../.env; done', "ask"),
    ...everywhere('unzip -q a.zip; for d in x*; do cat "$d"/key; done', "ask", true),
    // a fourth review: the working folder when the header ran is not where a body that changes folders runs
    ...everywhere('for f in "$PWD"/secrets/key; do (cd src && cat "$f"); done', "ask", true),
    ...everywhere('for f in "$(pwd)"/secrets/*; do (cd src && cat "$f"); done', "ask", true),
    // controls: what the glob of both cannot name, in the mode that asks nothing else
    { command: 'for f in sr*; do base64 "$f"/a.ts; done', rules: RULES, mode: "bypassPermissions", expected: "allow", guard: true },
    { command: 'for f in s*; do base64 x"$f"/key; done', rules: RULES, mode: "bypassPermissions", expected: "allow", guard: true },
  ],
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  writeFileSync(join(playground.project, "notes.md"), "notes\n");
  writeFileSync(join(playground.project, "b.ts"), "b\n");
  writeFileSync(join(playground.project, "list"), ".env\n");
});
afterAll(() => playground.remove());

corpusTests(GROUPS, () => playground.project);
