/** Which paths reach the network when looked at: automounted hosts, and Windows shares. */
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { canonicalPath } from "../../src/paths/isInsideDirectories.ts";
import { networkHostRoot, reachableNetworkRoots, unreachedNetworkRoot } from "../../src/paths/networkPaths.ts";
import { pathForms } from "../../src/paths/pathForms.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

describe("network roots", () => {
  test("/net/<host> and /Network/<name> are roots on every system; /net itself, and paths merely named net, are not", () => {
    expect(networkHostRoot("/net/evil.example/share/x", "linux")).toBe("/net/evil.example");
    expect(networkHostRoot("/net/evil.example", "darwin")).toBe("/net/evil.example");
    expect(networkHostRoot("/Network/Servers/box/x", "darwin")).toBe("/Network/Servers");
    for (const path of ["/net", "/net/", "/network/x", "/home/net/x", "/netx/y", "/net/./x", "/net/../etc"]) expect(networkHostRoot(path, "linux")).toBeUndefined();
  });

  test("on Windows a UNC path names its host, either slash, any case; device and long-path forms do not", () => {
    expect(networkHostRoot("\\\\Evil.Example\\share\\x", "win32")).toBe("\\\\evil.example");
    expect(networkHostRoot("//evil.example/share", "win32")).toBe("\\\\evil.example");
    for (const path of ["\\\\?\\C:\\x", "\\\\.\\pipe\\x", "C:\\Users\\x", "\\x"]) expect(networkHostRoot(path, "win32")).toBeUndefined();
    // Elsewhere `//host/x` is just /host/x.
    expect(networkHostRoot("//evil.example/share", "linux")).toBeUndefined();
  });

  test("a root the session already works in is reached; another is not", () => {
    const reachable = reachableNetworkRoots(["/net/files.corp/home/me/project", "/home/me"], "linux");
    expect(reachable).toEqual(["/net/files.corp"]);
    expect(unreachedNetworkRoot("/net/files.corp/home/me/other", reachable, "linux")).toBeUndefined();
    expect(unreachedNetworkRoot("/net/c2VjcmV0.evil.example/x", reachable, "linux")).toBe("/net/c2VjcmV0.evil.example");
  });

  test("canonical forms stop at an unreached root: a link that leads there is followed as text, nothing below is looked at", () => {
    const folder = createTemporaryFolder("toolshed-netpaths-");
    try {
      mkdirSync(join(folder.path, "project"));
      symlinkSync("/net/evil.example/data", join(folder.path, "project", "share"));
      expect(canonicalPath(join(folder.path, "project", "share", "key"), folder.path, [])).toBe("/net/evil.example/data/key");
      // The kernel would look the host up before the `..`: the path is kept as text, itself below a root.
      expect(canonicalPath("/net/evil.example/../x", folder.path, [])).toBe("/net/x");
      const forms = pathForms("share/key", join(folder.path, "project"), []);
      expect(forms.network).toBe("/net/evil.example");
      expect([forms.isDirectory, forms.hardLinked]).toEqual([false, false]);
      // Without the guard (callers other than the permission engine), links are followed as before.
      expect(pathForms("share/key", join(folder.path, "project")).network).toBeUndefined();
      expect(pathForms("project/share", folder.path, ["/net/evil.example"]).network).toBeUndefined();
    } finally {
      folder.remove();
    }
  });
});
