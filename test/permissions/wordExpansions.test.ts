/**
 * A removal's word read as it is spelled were the expansions in it that may be empty empty, and as
 * the shell acts on it: what counts as maybe empty (`$X`, `$1`, `"$@"`, a substitution), what is
 * never empty (`${X:?}`, a name that matters only when a `..` climbs out of it), what pwd prints,
 * and the words not read at all (wildcards, backslashes, arithmetic).
 */
import { describe, expect, test } from "bun:test";
import { bareCharacters, spelledWithEmptyExpansions } from "../../src/permissions/wordExpansions.ts";

const HOME = "/home/someone";
const spelled = (text: string) => spelledWithEmptyExpansions(text, HOME)?.spelled;

describe("spelledWithEmptyExpansions", () => {
  test("drops each parameter or substitution that may be empty, quoted or not", () => {
    expect(spelled('~/"$X"')).toBe(`${HOME}/`);
    expect(spelled("~/${X}$Y")).toBe(`${HOME}/`);
    expect(spelled('/etc/"$1"')).toBe("/etc/");
    expect(spelled('"$@"/')).toBe("/");
    expect(spelled("'$X'/$Y")).toBe("$X/");
  });

  test("says when a command substitution was dropped, whose output need not be empty", () => {
    expect(spelledWithEmptyExpansions("/$(cat list)", HOME)).toEqual({ spelled: "/", substituted: true });
    expect(spelledWithEmptyExpansions("/opt/`cat list`", HOME)).toEqual({ spelled: "/opt/", substituted: true });
    expect(spelledWithEmptyExpansions("/$X", HOME)).toEqual({ spelled: "/", substituted: false });
  });

  test("spells $HOME as the home folder, and a leading $PWD or $(pwd) as the folder the command runs in", () => {
    expect(spelled('"$HOME/$X"')).toBe(`${HOME}/`);
    expect(spelled('"${HOME:?}/$X"')).toBe(`${HOME}/`);
    expect(spelled("${PWD}/$X")).toBe("\u0001/");
    expect(spelledWithEmptyExpansions('"$(pwd)/$X"', HOME)).toEqual({ spelled: "\u0001/", substituted: false });
  });

  test("a ${NAME:?} is a name, never empty: it counts only when a .. climbs out of it", () => {
    expect(spelled('~/"${X:?}"')).toBeUndefined();
    expect(spelled('./"${X:?}"/..')).toBe("./\u0000/..");
    expect(spelled('~/"${X:?}$Y"')).toBe(`${HOME}/\u0000`);
  });

  test("only an unquoted ~/ at the start is the home folder", () => {
    expect(spelled('"~/$X"')).toBeUndefined();
    expect(spelled("~$X")).toBeUndefined();
    expect(spelled("~other/$X")).toBeUndefined();
  });

  test("is undefined for a word with nothing that may be empty, or one it does not read", () => {
    expect(spelled("~/build")).toBeUndefined();
    expect(spelled("~/${#X}")).toBeUndefined();
    expect(spelled('"$X"/*')).toBeUndefined();
    expect(spelled("~/\\$X")).toBeUndefined();
    expect(spelled("~/$((1+1))")).toBeUndefined();
  });
});

describe("bareCharacters", () => {
  test("keeps expansions, ${NAME:?} among them, and makes quoted wildcards inert", () => {
    expect(bareCharacters('"${X:?}"/*')).toBe("${X:x}/*");
    expect(bareCharacters('"${X}"/\\*')).toBe("${X}/x");
    expect(bareCharacters("'$X'/*")).toBe("xX/*");
  });
});
