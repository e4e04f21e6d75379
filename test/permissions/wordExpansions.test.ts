/**
 * A removal's word read as it is spelled were the expansions in it that may be empty empty, and as
 * the shell acts on it: what counts as maybe empty (`$X`, `$1`, `"$@"`, a substitution), what is
 * never empty (`${X:?}`), and the words not read at all (wildcards, backslashes, arithmetic).
 */
import { describe, expect, test } from "bun:test";
import { bareCharacters, spelledWithEmptyExpansions } from "../../src/permissions/wordExpansions.ts";

const HOME = "/home/someone";

describe("spelledWithEmptyExpansions", () => {
  test("drops each parameter or substitution that may be empty, quoted or not", () => {
    expect(spelledWithEmptyExpansions('~/"$X"', HOME)).toBe(`${HOME}/`);
    expect(spelledWithEmptyExpansions("~/${X}$Y", HOME)).toBe(`${HOME}/`);
    expect(spelledWithEmptyExpansions('/etc/"$1"', HOME)).toBe("/etc/");
    expect(spelledWithEmptyExpansions('"$@"/', HOME)).toBe("/");
    expect(spelledWithEmptyExpansions("/$(cat list)", HOME)).toBe("/");
    expect(spelledWithEmptyExpansions("/opt/`cat list`", HOME)).toBe("/opt/");
    expect(spelledWithEmptyExpansions("'$X'/$Y", HOME)).toBe("$X/");
  });

  test("spells $HOME as the home folder and a leading $PWD as the folder the command runs in", () => {
    expect(spelledWithEmptyExpansions('"$HOME/$X"', HOME)).toBe(`${HOME}/`);
    expect(spelledWithEmptyExpansions("${PWD}/$X", HOME)).toBe("./");
  });

  test("only an unquoted ~/ at the start is the home folder", () => {
    expect(spelledWithEmptyExpansions('"~/$X"', HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions("~$X", HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions("~other/$X", HOME)).toBeUndefined();
  });

  test("is undefined for a word with nothing that may be empty, or one it does not read", () => {
    expect(spelledWithEmptyExpansions("~/build", HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions('~/"${X:?}"', HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions("~/${#X}", HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions('"$X"/*', HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions("~/\\$X", HOME)).toBeUndefined();
    expect(spelledWithEmptyExpansions("~/$((1+1))", HOME)).toBeUndefined();
  });
});

describe("bareCharacters", () => {
  test("reads ${NAME:?} as a name, never empty, and keeps other expansions", () => {
    expect(bareCharacters('"${X:?}"/*')).toBe("x/*");
    expect(bareCharacters('"${X:?X is not set}"/*')).toBe("x/*");
    expect(bareCharacters('"${X}"/*')).toBe("${X}/*");
    expect(bareCharacters("'${X:?}'/*")).toBe("x{X:x}/*");
  });
});
