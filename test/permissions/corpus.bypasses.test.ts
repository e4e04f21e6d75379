/**
 * The adversarial corpus, third round (issue 9: no way around a rule): each group is one class of
 * bypass, with inputs that came out allow (or ask where a deny rule holds) before the engine was
 * fixed, and controls that must still run under the rules the person gave. Every case names its
 * rules and mode and asserts the exact decision. Cases marked `guard` already held before; every
 * other non-allow case failed before this round (checked against the previous engine).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyTool } from "../../src/Tool.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, createPlayground, decideFor, Read, Write, type Playground, type RuleSet } from "./harness.ts";

const DENY: RuleSet = { deny: ["Bash(rm *)", "Bash(curl *)", "Read(.env)", "Edit(secrets/**)"] };
const withAllow = (...allow: string[]): RuleSet => ({ ...DENY, allow });
const onlyAllow = (...allow: string[]): RuleSet => ({ allow });

type Expected = "allow" | "ask" | "deny";
interface Case {
  command?: string;
  /** A file tool's path, with {project} and {outside} filled in. */
  tool?: AnyTool;
  path?: string;
  rules?: RuleSet;
  mode?: PermissionMode;
  expected: Expected;
  /** This case already held before the fix: it stays as a guard for the class, not as proof of it. */
  guard?: true;
}

const GROUPS: Record<string, Case[]> = {
  "a symlink is followed before the .. after it (was allow)": [
    { command: "cat ldeep/../secret.txt", rules: DENY, expected: "ask" },
    { command: "cat ldeep/../secret.txt", rules: { deny: ["Read(//{outside}/**)"] }, expected: "deny" },
    { command: "head ldeep/../../outside/secret.txt", rules: { deny: ["Read(//{outside}/**)"] }, expected: "deny" },
    { tool: Read, path: "{project}/ldeep/../secret.txt", rules: DENY, expected: "ask" },
    { tool: Read, path: "{project}/ldeep/../secret.txt", rules: { deny: ["Read(//{outside}/**)"] }, expected: "deny" },
    { tool: Write, path: "{project}/ldeep/../x", mode: "acceptEdits", expected: "ask" },
    { command: "echo hi > ldeep/../x", mode: "acceptEdits", expected: "ask" },
    { command: "touch ldeep/../x", mode: "acceptEdits", expected: "ask" },
    { command: "cp src/a.ts ldeep/../x", mode: "acceptEdits", expected: "ask" },
    { command: "echo hi > dangling", mode: "acceptEdits", expected: "ask" },
    { command: "cd -P ldeep/.. && echo hi > x", mode: "acceptEdits", expected: "ask" },
    // controls
    { command: "cat sub/../src/a.ts", rules: DENY, expected: "allow" },
    { command: "echo hi > sub/../out.txt", mode: "acceptEdits", expected: "allow" },
    { tool: Read, path: "{project}/sub/../src/a.ts", rules: DENY, expected: "allow" },
    { command: "cd ldeep/.. && cat src/a.ts", rules: DENY, expected: "allow" },
  ],
  "a line continuation inside a word is joined as bash joins it (was allow or ask)": [
    { command: "echo hi > sub/\\\n../../x", mode: "acceptEdits", expected: "ask" },
    { command: "tou\\\nch x", rules: { deny: ["Bash(touch *)"] }, expected: "deny" },
    { command: "r\\\nm x", rules: DENY, expected: "deny" },
    { command: "cu\\\nrl evil.example", rules: DENY, expected: "deny" },
    { command: "cat .e\\\nnv", rules: DENY, expected: "deny" },
    { command: "echo \"$(r\\\nm x)\"", rules: DENY, expected: "deny" },
    // controls
    { command: "ls \\\n -la", rules: DENY, expected: "allow" },
    { command: "echo 'a\\\nb'", rules: DENY, expected: "allow" },
    { command: "npm test \\\n --watch", rules: withAllow("Bash(npm test *)"), expected: "allow" },
  ],
  "globs and recursive reads that reach through links (was allow)": [
    { command: "cat l*/secret.txt", rules: DENY, expected: "ask" },
    { command: "cat linkd?r/secret.txt", rules: { deny: ["Read(//{outside}/**)"] }, expected: "deny" },
    { command: "wc -l docs/o*/secret.txt", rules: DENY, expected: "ask" },
    { command: "grep -R x docs", rules: DENY, expected: "ask" },
    { command: "grep --dereference-recursive x docs", rules: DENY, expected: "ask" },
    { command: "grep -R k docs", rules: { deny: ["Read(secrets/**)"] }, expected: "ask" },
    { command: "rg -L x docs", rules: DENY, expected: "ask" },
    { command: "rg --follow x docs", rules: DENY, expected: "ask" },
    { command: "find -L docs -name x", rules: DENY, expected: "ask" },
    { command: "grep -R k docs", rules: { deny: ["Read(secrets/**)"] }, mode: "dontAsk", expected: "deny" },
    // controls
    { command: "grep -r x docs", rules: DENY, expected: "allow" },
    { command: "rg x docs", rules: DENY, expected: "allow" },
    { command: "cat src/*.ts", rules: DENY, expected: "allow" },
    { command: "grep -R x src", rules: DENY, expected: "allow" },
  ],
  "globs that land in .git (was allow)": [
    { command: "cp src/a.ts .gi?/hooks/", mode: "acceptEdits", expected: "ask" },
    { command: "cp src/a.ts .g*/hooks/pre-commit.sample", mode: "acceptEdits", expected: "ask" },
    { command: "echo x > .g*/hooks/pre-commit.sample", mode: "acceptEdits", expected: "ask" },
    { command: "touch .gi[t]/hooks/pre-commit", mode: "acceptEdits", expected: "ask" },
    { command: "touch .g*/config", rules: onlyAllow("Bash(touch *)"), expected: "ask", guard: true },
    // controls
    { command: "cp src/a.ts sr?/b.ts", mode: "acceptEdits", expected: "allow" },
    { command: "ls .g*", rules: DENY, expected: "allow" },
    { command: "touch src/*.ts", mode: "acceptEdits", expected: "allow" },
  ],
  "a folder cd moved to only lasts as long as bash keeps it (was allow or ask)": [
    { command: "(cd src); echo hi > ../x", mode: "acceptEdits", expected: "ask" },
    { command: "cd src | echo hi > ../x", mode: "acceptEdits", expected: "ask", guard: true },
    { command: "cd src & echo hi > ../x", mode: "acceptEdits", expected: "ask" },
    { command: "cd src | cat ../../outside/secret.txt", rules: { deny: ["Read(//{outside}/**)"] }, expected: "ask", guard: true },
    // controls: judged from the folder cd moved to
    { command: "cd sub && echo hi > ../out.txt", mode: "acceptEdits", expected: "allow" },
    { command: "cd sub && touch ../out.txt", mode: "acceptEdits", expected: "allow" },
    // sub is there, so cd sub succeeds; after a cd to a missing folder the next command runs where it started: ../src/a.ts is outside.
    { command: "cd sub; cat ../src/a.ts", rules: DENY, expected: "allow" },
    { command: "cd missing; cat ../src/a.ts", rules: DENY, expected: "ask" },
    { command: "cd src; cat a.ts", rules: DENY, expected: "allow" },
  ],
  "a cd that may fail leaves the command in either folder (was allow)": [
    { command: "cd nope || cd secrets; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope 2>/dev/null || cd secrets; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope || cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope; cd secrets; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd secrets || true; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope || cd secrets; echo x > key", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "cd secrets || cd src; cat ../.env", rules: DENY, expected: "deny" },
    // controls: cd gates what follows with && or || exit, and a folder cd cannot leave stays judged
    { command: "cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny", guard: true },
    { command: "cd src && cat a.ts", rules: { deny: ["Read(secrets/key)"] }, expected: "allow", guard: true },
    { command: "cd src || exit 1; cat a.ts", rules: { deny: ["Read(secrets/key)"] }, expected: "allow" },
    { command: "cd src; ls", rules: DENY, expected: "allow" },
    { command: "cd src; cd ..; ls", rules: DENY, expected: "allow" },
    { command: "cd src || exit 1; cd ..; ls", rules: DENY, expected: "allow" },
  ],
  "a cd after || runs only where the left side failed (was allow)": [
    { command: "cd secrets || cd src && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd secrets || cd src; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd secrets && cd nope || cd src; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd secrets && cd nope; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd secrets || cd src || exit 1; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd src && cd nope; cat a.ts", rules: { deny: ["Read(secrets/key)"] }, expected: "allow", guard: true },
    // A redirection hung on the whole list is the last command's, which runs where the cd failed.
    { command: "cd nope || cat secrets/key 2>/dev/null", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope || cat < secrets/key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd nope || echo PWNED > secrets/key", rules: DENY, mode: "acceptEdits", expected: "deny" },
    { command: "cd nope || echo PWNED > secrets/key", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    // A cd bash refuses although its folder is there: a .. after a missing folder, an option it may not know.
    { command: "cd src/nope/.. || cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd src/nope/..; cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd -@ src || cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    // A name made after a cd that may fail is made in either folder (it may then lead to the denied file).
    { command: "cd nope; ln -s secrets s; cat s/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "ask" },
    { command: "cd nope || ln -s secrets s; cat s/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "ask" },
    { command: "cd nope; mv secrets s; cat s/key", rules: { deny: ["Read(secrets/key)"] }, mode: "acceptEdits", expected: "ask" },
    { command: "cd nope; cp -r secrets s; cat s/key", rules: { deny: ["Read(secrets/key)"] }, mode: "acceptEdits", expected: "ask" },
    { command: "cd nope; mv secrets s; echo PWNED > s/key; mv s secrets", rules: { deny: ["Edit(secrets/key)"] }, mode: "acceptEdits", expected: "ask" },
    // A folder that is there now may be gone when the cd runs, when the command moves it first.
    { command: "mv src moved; cd src; cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "acceptEdits", expected: "deny" },
  ],
  "an else or elif runs where the if's condition failed (was allow)": [
    { command: "if cd nope; then echo; else cat secrets/key; fi", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "if cd nope; then echo; else cat < secrets/key; fi", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "echo $(if cd nope; then echo; else cat secrets/key; fi)", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "if cd nope; then echo; elif cat secrets/key; then :; fi", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "if cd nope; then echo; else echo hi > secrets/key; fi", rules: DENY, mode: "acceptEdits", expected: "deny" },
    { command: "if cd nope; then echo; else rm secrets/key; fi", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "if cd secrets; then cat key; fi", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "case x in x) cd secrets;; esac; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "cd src; case x in x) cd ..;& y) cd secrets;; esac; cat key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "cd src; case x in x) cd ..;;& *) cd secrets;; esac; cat key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "cd src && case x in x) cd ..;& y) cd secrets && echo PWNED > key;; esac", rules: { deny: ["Edit(secrets/**)"] }, mode: "bypassPermissions", expected: "deny" },
    // controls: a then branch runs where the condition's cd went
    { command: "if cd src; then cat a.ts; fi", rules: { deny: ["Read(secrets/key)"] }, expected: "allow" },
    { command: "case x in x) cat src/a.ts;; esac", rules: { deny: ["Read(secrets/key)"] }, expected: "allow" },
  ],
  "builtins that run code given in their arguments (was allow in bypassPermissions)": [
    { command: "mapfile -C 'rm victim #' -c 1 arr <<< x", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "readarray -tC 'cat secrets/key #' -c 1 arr <<< x", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "trap -- '-;rm victim' EXIT", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "hash -p/usr/bin/rm ls; ls victim", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "compgen -W '$(rm victim)' x", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "compgen -C 'rm victim' x", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    // controls
    { command: "trap - EXIT", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "mapfile -t lines < src/a.ts", rules: DENY, mode: "bypassPermissions", expected: "allow" },
  ],
  "a variable set by a builtin earlier in the command (CDPATH) moves a later cd (was allow)": [
    { command: "printf -v CDPATH %s ..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "printf -v CDPATH ..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "printf -v CDPATH %s ..; if cd project; then cat secrets/key; fi", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "read CDPATH <<< ..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "mapfile -t CDPATH <<< ..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "printf -v HOME %s secrets; cat ~/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "ask" },
    { command: "declare -x CDPATH=..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "printf -v PATH %s /tmp; ls", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "read -aHOME <<< secrets; cat ~/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "ask" },
    { command: "read -raCDPATH <<< ..; cd project && cat secrets/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "deny" },
    { command: "declare -n r=HOME; read r <<< secrets; cat ~/key", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "ask" },
    // controls: printf without -v only prints, and a harmless variable changes nothing later
    { command: "printf '%s\\n' hi; cd src && cat a.ts", rules: { deny: ["Read(secrets/key)"] }, expected: "allow" },
    { command: "export LANG=C; cd src && cat a.ts", rules: { deny: ["Read(secrets/key)"] }, mode: "bypassPermissions", expected: "allow" },
  ],
  "a cd behind command, time or builtin still moves the shell (was allow)": [
    { command: "command cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "command -p cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "time cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "time -p cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "command cd secrets; cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "builtin cd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "pushd secrets && cat key", rules: { deny: ["Read(secrets/key)"] }, expected: "deny" },
    { command: "command cd secrets && echo x > key", rules: { deny: ["Edit(secrets/key)"] }, mode: "acceptEdits", expected: "deny" },
    { command: "time cd secrets && rm key", rules: { deny: ["Edit(secrets/key)"] }, mode: "acceptEdits", expected: "deny" },
    // control: the moved folder is judged as any other
    { command: "command cd src && cat a.ts", rules: { deny: ["Read(secrets/key)"] }, expected: "allow" },
  ],
  "words the analysis read differently from bash (was allow or ask)": [
    { command: "hash -p /bin/rm ls; ls x", rules: DENY, expected: "deny" },
    { command: "hash -p /usr/bin/curl ls; ls evil", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "shopt -s expand_aliases\nalias ls=rm\nls x", rules: DENY, expected: "deny" },
    { command: "alias g='curl evil.example'", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "shopt -s expand_aliases; alias ls=cat", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "env --split-string='rm x'", rules: DENY, expected: "deny" },
    { command: "env -S'rm x'", rules: DENY, expected: "deny" },
    { command: "env -S 'curl evil'", rules: withAllow("Bash(env *)"), expected: "deny", guard: true },
    { command: "env -C /tmp touch x", rules: withAllow("Bash(env *)"), expected: "ask" },
    { command: "env -C secrets tee key", rules: withAllow("Bash(env *)"), expected: "deny", guard: true },
    { command: "cat - <<'EOF' | sh\nrm x\nEOF", rules: DENY, expected: "deny" },
    { command: "cat - <<'EOF'\nx\nEOF", rules: DENY, expected: "allow" },
    { command: "cat <<'EOF' | sh\nrm x\nEOF", rules: DENY, expected: "deny" },
    { command: "cat <<EOF | bash\ncurl evil\nEOF", rules: DENY, expected: "deny" },
    { command: "cat <<EOF && rm x\nhi\nEOF", rules: DENY, expected: "deny" },
    { command: "sh <<'EOF'\nrm x\nEOF", rules: DENY, expected: "deny", guard: true },
    { command: "bash <<< 'rm x'", rules: DENY, expected: "deny", guard: true },
    { command: "echo 'rm x' | sh", rules: DENY, expected: "deny", guard: true },
    { command: "printf 'curl evil\\n' | bash", rules: DENY, expected: "deny", guard: true },
    { command: "cat <<'EOF' | sh\nls\nEOF", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "BASH_ENV=/tmp/x bash -c ls", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "env BASH_ENV=/tmp/x bash -c ls", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "ENV=/tmp/x sh -c ls", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "env 'BASH_FUNC_ls%%=() { cat .env; }' bash -c ls", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "printf -v 'a[$(rm x)]' x", rules: DENY, expected: "deny" },
    { command: "printf -v 'a[$(id)]' x", rules: DENY, expected: "ask" },
    { command: "read 'a[$(rm x)]' < /dev/null", rules: DENY, expected: "deny" },
    { command: "let 'a[$(curl evil)]=1'", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "declare 'a[$(rm x)]=1'", rules: DENY, expected: "deny" },
    { command: "unset 'a[$(rm x)]'", rules: DENY, expected: "deny" },
    { command: "test -v 'a[$(rm x)]'", rules: DENY, expected: "deny" },
    // [[ ]] evaluates a -v name's subscript, and both sides of -eq and the like, as arithmetic (a review found these allowed)
    { command: "[[ -v 'a[$(rm x)]' ]]", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "[[ ! -v 'a[$(cat .env >&2)]' ]]", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "[[ 'a[$(rm x)]' -eq 0 ]]", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "[[ 1 -lt 'a[`curl evil`]' ]]", rules: DENY, mode: "bypassPermissions", expected: "deny", guard: true },
    { command: "[[ 'a[$(id)]' -ge 2 ]]", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "[[ -n x && 'a[$(rm x)]' -ne 1 ]]", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    // controls
    { command: "printf '%s\\n' hello", rules: DENY, expected: "allow" },
    { command: "timeout 5 ls .", rules: DENY, expected: "allow" },
    { command: "echo hi | cat", rules: DENY, expected: "allow" },
    { command: "LANG=C ls", rules: DENY, expected: "allow" },
    { command: "[[ 3 -gt 2 && -n x ]]", rules: DENY, expected: "allow" },
    { command: "[[ -v 'a[1]' || 3 -gt 2 ]]", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "[[ $x == 'a[$(rm x)]' ]]", rules: DENY, expected: "allow" },
  ],
  "programs that run programs from their arguments (was allow under the program's allow rule)": [
    { command: "awk 'BEGIN{system(\"rm x\")}'", rules: withAllow("Bash(awk *)"), expected: "deny" },
    { command: "awk 'BEGIN{\"curl evil\" | getline}'", rules: withAllow("Bash(awk *)"), expected: "deny" },
    { command: "awk '{print | \"rm x\"}' src/a.ts", rules: withAllow("Bash(awk *)"), expected: "deny" },
    { command: "awk 'BEGIN{print \"x\" > \"secrets/k\"}'", rules: withAllow("Bash(awk *)"), expected: "deny" },
    { command: "awk 'BEGIN{print \"x\" > \".git/hooks/pre-commit\"}'", rules: withAllow("Bash(awk *)"), expected: "ask" },
    { command: "awk 'BEGIN{system(c)}'", rules: withAllow("Bash(awk *)"), expected: "ask" },
    { command: "sed 'e rm x' src/a.ts", rules: DENY, expected: "deny" },
    { command: "sed -n '1e curl evil' src/a.ts", rules: DENY, expected: "deny" },
    { command: "sed -e 1p -e 'w secrets/x' src/a.ts", rules: DENY, expected: "deny" },
    { command: "sed -e 1p -e 'w /tmp/x' src/a.ts", rules: DENY, expected: "ask" },
    { command: "sed 's/a/b/w secrets/x' src/a.ts", rules: DENY, expected: "deny" },
    { command: "sed 's|a|b|e' src/a.ts", rules: withAllow("Bash(sed *)"), expected: "ask" },
    { command: "sed \"i\\\\x\" src/a.ts -e 'w .git/hooks/pre-commit'", rules: withAllow("Bash(sed *)"), expected: "ask" },
    { command: "sed -i'../../*' s/a/b/ src/a.ts", mode: "acceptEdits", expected: "ask" },
    { command: "sed -i s/a/b/ secrets/key", rules: DENY, mode: "acceptEdits", expected: "deny", guard: true },
    { command: "sed 'r .env' src/a.ts", rules: DENY, expected: "deny" },
    { command: "perl -e 'system(\"rm x\")'", rules: withAllow("Bash(perl *)"), expected: "deny" },
    { command: "perl -e 'print 1'", rules: withAllow("Bash(perl *)"), expected: "ask" },
    { command: "python3 -c 'import os; os.system(\"curl evil\")'", rules: withAllow("Bash(python3 *)"), expected: "deny" },
    { command: "python3 - <<'EOF'\nimport os\nos.system(\"rm x\")\nEOF", rules: withAllow("Bash(python3 *)"), expected: "deny" },
    { command: "node --eval='require(\"child_process\").execSync(\"rm x\")'", rules: withAllow("Bash(node *)"), expected: "deny" },
    { command: "sqlite3 db.sqlite '.shell rm x'", rules: withAllow("Bash(sqlite3 *)"), expected: "deny" },
    { command: "sqlite3 db.sqlite '.output .git/hooks/pre-commit'", rules: withAllow("Bash(sqlite3 *)"), expected: "ask" },
    { command: "sqlite3 db.sqlite \".once '|curl evil'\"", rules: withAllow("Bash(sqlite3 *)"), expected: "deny" },
    { command: "gdb -batch -ex 'shell rm x'", rules: withAllow("Bash(gdb *)"), expected: "deny" },
    { command: "gdb -batch -ex run --args rm x", rules: withAllow("Bash(gdb *)"), expected: "deny" },
    { command: "ed -s src/a.ts <<'EOF'\n!rm x\nEOF", rules: withAllow("Bash(ed *)"), expected: "deny" },
    { command: "echo '!curl evil' | ed src/a.ts", rules: withAllow("Bash(ed *)"), expected: "deny" },
    { command: "vim -c '!rm x' -c q src/a.ts", rules: withAllow("Bash(vim *)"), expected: "deny" },
    { command: "vim '+r !curl evil' src/a.ts", rules: withAllow("Bash(vim *)"), expected: "deny" },
    { command: "make -f - <<'EOF'\nall:\n\trm x\nEOF", rules: withAllow("Bash(make *)"), expected: "deny" },
    { command: "make build CC='rm -rf x'", rules: withAllow("Bash(make *)"), expected: "deny" },
    { command: "make SHELL=/tmp/evil build", rules: withAllow("Bash(make *)"), expected: "ask" },
    { command: "tar -cf a.tar --to-command='rm x' src", rules: withAllow("Bash(tar *)"), expected: "deny" },
    { command: "tar -xf a.tar --use-compress-program='curl evil'", rules: withAllow("Bash(tar *)"), expected: "deny" },
    { command: "tar -I 'rm x' -xf a.tar", rules: withAllow("Bash(tar *)"), expected: "deny" },
    { command: "tar --checkpoint-action=exec='rm x' -cf a.tar src", rules: withAllow("Bash(tar *)"), expected: "deny" },
    { command: "tar -cf .git/hooks/x.tar src", rules: withAllow("Bash(tar *)"), expected: "ask" },
    { command: "zip -T -TT 'rm x' a.zip src/a.ts", rules: withAllow("Bash(zip *)"), expected: "deny" },
    { command: "ssh -o ProxyCommand='rm x' host", rules: withAllow("Bash(ssh *)"), expected: "deny" },
    { command: "ssh -oProxyCommand='curl evil' host", rules: withAllow("Bash(ssh *)"), expected: "deny" },
    { command: "ssh -F ./cfg host", rules: withAllow("Bash(ssh *)"), expected: "ask" },
    { command: "scp -S rm a host:b", rules: withAllow("Bash(scp *)"), expected: "deny" },
    { command: "rsync -e 'rm x' a host:b", rules: withAllow("Bash(rsync *)"), expected: "deny" },
    { command: "socat - EXEC:'rm x'", rules: withAllow("Bash(socat *)"), expected: "deny" },
    { command: "nc -c 'curl evil' host 1", rules: withAllow("Bash(nc *)"), expected: "deny" },
    { command: "LESSOPEN='|rm x %s' less src/a.ts", rules: withAllow("Bash(less *)"), mode: "bypassPermissions", expected: "deny" },
    { command: "PAGER='rm x' man ls", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm x' git log", rules: withAllow("Bash(git *)"), mode: "bypassPermissions", expected: "deny" },
    { command: "GIT_CONFIG_PARAMETERS=\"'core.pager'='curl evil'\" git log", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "GIT_SSH_COMMAND='rm x' git fetch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git clone 'ext::sh -c rm% x' d", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git fetch --upload-pack='rm x' .", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git ls-remote --upload-pack 'curl evil' .", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git log --output=.git/hooks/pre-commit", rules: withAllow("Bash(git *)"), expected: "ask" },
    { command: "git config core.pager 'rm x'", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git config core.hooksPath /tmp/h", rules: withAllow("Bash(git *)"), expected: "ask" },
    // controls: what the person allowed still runs
    { command: "awk '{print $1}' src/a.ts", rules: withAllow("Bash(awk *)"), expected: "allow" },
    { command: "sed -n 1p src/a.ts", rules: DENY, expected: "allow" },
    { command: "sed --sandbox 's/a/b/' src/a.ts", rules: DENY, expected: "allow" },
    { command: "sed -i.bak s/a/b/ src/a.ts", rules: DENY, mode: "acceptEdits", expected: "allow" },
    { command: "perl -e 'print 1'", rules: onlyAllow("Bash(perl *)"), expected: "allow" },
    { command: "python3 script.py", rules: withAllow("Bash(python3 *)"), expected: "allow" },
    { command: "python3 -m pytest -q", rules: withAllow("Bash(python3 *)"), expected: "allow" },
    { command: "sqlite3 db.sqlite 'select 1'", rules: withAllow("Bash(sqlite3 *)"), expected: "allow" },
    { command: "make build", rules: withAllow("Bash(make build)"), expected: "allow" },
    { command: "tar -czf out.tgz src", rules: withAllow("Bash(tar *)"), expected: "allow" },
    { command: "tar -tf a.tar", rules: withAllow("Bash(tar *)"), expected: "allow" },
    { command: "zip out.zip src/a.ts", rules: withAllow("Bash(zip *)"), expected: "allow" },
    { command: "less src/a.ts", rules: withAllow("Bash(less *)"), expected: "allow" },
    { command: "git log --oneline", rules: withAllow("Bash(git *)"), expected: "allow" },
    { command: "git config --get user.name", rules: withAllow("Bash(git *)"), expected: "allow" },
  ],
  "reading a denied file through an interpreter (was allow under the interpreter's allow rule)": [
    { command: "python3 -c 'open(\".env\").read()'", rules: withAllow("Bash(python3 *)"), expected: "deny" },
    { command: "python3 -c \"print(open('.env').read())\"", rules: withAllow("Bash(python3 *)"), expected: "deny" },
    { command: "ruby -e 'puts File.read(\".env\")'", rules: withAllow("Bash(ruby *)"), expected: "deny" },
    { command: "node -p 'require(\"fs\").readFileSync(\"./.env\", \"utf8\")'", rules: withAllow("Bash(node *)"), expected: "deny" },
    { command: "php -r 'echo file_get_contents(\".env\");'", rules: withAllow("Bash(php *)"), expected: "deny" },
    { command: "sqlite3 :memory: \"select readfile('.env')\"", rules: withAllow("Bash(sqlite3 *)"), expected: "deny" },
    { command: "perl -e 'open(F, \"<\", \"src/../.env\"); print <F>'", rules: withAllow("Bash(perl *)"), expected: "deny" },
    { command: "python3 -c 'open(\".e\" + \"nv\")'", rules: withAllow("Bash(python3 *)"), expected: "ask" },
    { command: "python3 -c 'open(\".e\" + \"nv\")'", rules: withAllow("Bash(python3 *)"), mode: "bypassPermissions", expected: "ask" },
    // controls
    { command: "python3 -c 'print(1)'", rules: onlyAllow("Bash(python3 *)"), expected: "allow" },
    { command: "python3 -c 'print(1)'", rules: { deny: ["WebFetch"], allow: ["Bash(python3 *)"] }, expected: "allow" },
  ],
  "found in the self-review: more programs that run commands, and protected paths in arguments (was allow)": [
    { command: "git grep --open-files-in-pager='rm x' foo", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git rebase -x 'rm x' HEAD~1", rules: withAllow("Bash(git *)"), expected: "deny" },
    // options cut short, as git takes them, and settings that run commands (a review found these allowed)
    { command: "git rebase --ex='rm x' HEAD~1", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git rebase --exe 'rm x' HEAD~1", rules: withAllow("Bash(git *)"), expected: "deny", guard: true },
    { command: "git difftool --extc='rm x'", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git filter-branch --tree-f 'rm x'", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git send-email --to-c='rm x' p.patch", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git send-email --smtp-server=/bin/rm p.patch", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git -c credential.helper='!rm x' fetch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c interactive.diffFilter='rm x' add -p", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c sendemail.sendmailcmd='curl evil' send-email p.patch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c sendemail.smtpserver=/bin/rm send-email p.patch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c gpg.format=ssh -c gpg.ssh.defaultKeyCommand='rm x' commit -S -m x", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c submodule.x.update='!rm x' submodule update", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c credential.helper=store fetch", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "git clone -u'rm x' . /tmp/x", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c sendemail.toCmd='rm x' send-email p.patch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git clone -ccore.sshCommand='rm x' git@host:repo", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c core.alternateRefsCommand='rm x' fetch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git send-email --to me@example.com p.patch", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "git clone -qu 'rm x' . /tmp/x", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git ls-remote --u 'rm x' .", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git push --e='curl evil' .", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "git -c submodule.x.update=rebase submodule update", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    { command: "git difftool -x 'curl evil'", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git submodule foreach 'rm x'", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git bisect run rm x", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git filter-branch --tree-filter 'rm x' HEAD", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git clone --config core.fsmonitor='rm x' url d", rules: withAllow("Bash(git *)"), expected: "deny" },
    { command: "git clone --template=/tmp/t url d", rules: withAllow("Bash(git *)"), expected: "ask" },
    { command: "man -P 'rm x' ls", rules: withAllow("Bash(man *)"), expected: "deny" },
    { command: "emacs --batch --eval '(shell-command \"rm x\")'", rules: withAllow("Bash(emacs *)"), expected: "deny" },
    { command: "lldb -o 'platform shell rm x'", rules: withAllow("Bash(lldb *)"), expected: "ask" },
    { command: "/lib64/ld-linux-x86-64.so.2 /bin/rm x", rules: DENY, expected: "deny" },
    { command: "toybox rm x", rules: DENY, expected: "deny" },
    { command: "git clone url .git/hooks", rules: onlyAllow("Bash(git *)"), expected: "ask" },
    { command: "npm install --prefix ~/.bashrc x", rules: onlyAllow("Bash(npm *)"), expected: "ask" },
    { command: "git clone url .git/hooks", rules: {}, mode: "bypassPermissions", expected: "allow" },
    { command: "export GIT_SSH_COMMAND='rm x'; git fetch", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "declare -x PAGER='curl evil'; git log", rules: DENY, mode: "bypassPermissions", expected: "deny" },
    { command: "export BASH_ENV=/tmp/x; bash -c ls", rules: DENY, mode: "bypassPermissions", expected: "ask" },
    { command: "export FOO=bar; ls", rules: DENY, mode: "bypassPermissions", expected: "allow" },
    // controls
    { command: "git log -n 3 --stat", rules: withAllow("Bash(git *)"), expected: "allow" },
    { command: "npm install --prefix ./vendor x", rules: withAllow("Bash(npm *)"), expected: "allow" },
    { command: "git commit -m 'update .bashrc notes'", rules: withAllow("Bash(git *)"), expected: "allow" },
  ],
  "an allow rule naming a command covers its own writes inside the working folders (was deny in dontAsk)": [
    { command: "touch x", rules: onlyAllow("Bash(touch *)"), mode: "dontAsk", expected: "allow" },
    { command: "mkdir x", rules: onlyAllow("Bash(mkdir *)"), mode: "dontAsk", expected: "allow" },
    { command: "mkdir -p build/out", rules: onlyAllow("Bash(mkdir *)"), mode: "dontAsk", expected: "allow" },
    { command: "echo hi | tee out.txt", rules: onlyAllow("Bash(tee *)", "Bash(echo *)"), mode: "dontAsk", expected: "allow" },
    { command: "cd sub && echo hi > ../x", mode: "acceptEdits", expected: "allow" },
    // still refused: outside, protected, denied
    { command: "touch ../x", rules: onlyAllow("Bash(touch *)"), mode: "dontAsk", expected: "deny", guard: true },
    { command: "touch .git/x", rules: onlyAllow("Bash(touch *)"), mode: "dontAsk", expected: "deny", guard: true },
    { command: "touch secrets/x", rules: withAllow("Bash(touch *)"), mode: "dontAsk", expected: "deny", guard: true },
    { command: "echo hi | tee .git/hooks/pre-commit", rules: onlyAllow("Bash(tee *)", "Bash(echo *)"), expected: "ask" },
    { command: "echo hi | tee /tmp/toolshed-out", rules: onlyAllow("Bash(tee *)", "Bash(echo *)"), expected: "ask" },
    { command: "touch hard", rules: onlyAllow("Bash(touch *)"), mode: "dontAsk", expected: "deny", guard: true },
  ],
};

let playground: Playground;
beforeAll(() => {
  playground = createPlayground();
  const { project, outside } = playground;
  for (const folder of [join(project, "sub"), join(outside, "deep"), join(project, ".git", "hooks"), join(project, "docs")]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(project, ".git", "hooks", "pre-commit.sample"), "#!/bin/sh\n");
  writeFileSync(join(project, "docs", "readme.md"), "x\n");
  symlinkSync(join(outside, "deep"), join(project, "ldeep"));
  symlinkSync(join(outside, "new-file"), join(project, "dangling"));
  symlinkSync(outside, join(project, "docs", "out"));
  symlinkSync(join(project, "secrets"), join(project, "docs", "sec"));
});
afterAll(() => playground.remove());

function fill(text: string): string {
  return text.replaceAll("{project}", playground.project).replaceAll("{outside}", playground.outside);
}

for (const [group, cases] of Object.entries(GROUPS)) {
  describe(group, () => {
    for (const { command, tool, path, rules, mode, expected, guard } of cases) {
      const what = command ?? `${tool?.name} ${path}`;
      test(`${JSON.stringify(what)} ${JSON.stringify(rules?.allow ?? [])} ${mode ?? "default"} -> ${expected}${guard ? " (held before too)" : ""}`, async () => {
        const filled = Object.fromEntries(Object.entries(rules ?? {}).map(([behavior, list]) => [behavior, (list as string[]).map(fill)]));
        const input = command !== undefined ? { command } : tool === Write ? { file_path: fill(path ?? ""), content: "" } : { file_path: fill(path ?? "") };
        const decision = await decideFor({ tool: command !== undefined ? Bash : (tool as AnyTool), input, rules: filled, mode, cwd: playground.project });
        expect({ what, decision: decision.decision, reason: decision.reason }).toEqual({ what, decision: expected, reason: expect.any(String) });
      });
    }
  });
}
