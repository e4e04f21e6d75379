import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseChecksums } from "../../src/release/parseChecksums.ts";
import { readReleaseFile } from "../../src/release/readReleaseFile.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let server: ReturnType<typeof Bun.serve> | undefined;
let folder: TemporaryFolder | undefined;
afterEach(() => {
  server?.stop(true);
  server = undefined;
  folder?.remove();
  folder = undefined;
});

function serve(handler: (request: Request) => Response | Promise<Response>) {
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 0, fetch: handler });
  return { kind: "url" as const, url: `http://127.0.0.1:${server.port}` };
}

describe("readReleaseFile", () => {
  test("reads a file over HTTP, following a redirect on this machine", async () => {
    const source = serve((request) => new URL(request.url).pathname === "/SHA256SUMS" ? Response.redirect("/real/SHA256SUMS", 302) : new Response("sums"));
    expect(new TextDecoder().decode(await readReleaseFile(source, "SHA256SUMS", { maxBytes: 100, timeoutMs: 5_000 }))).toBe("sums");
  });

  test("a redirect through plain http off this machine is refused at that hop, before anything goes there; so is a redirect loop", async () => {
    const source = serve((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/SHA256SUMS") return Response.redirect("http://192.0.2.1/SHA256SUMS", 302);
      return Response.redirect("/loop", 302);
    });
    await expect(readReleaseFile(source, "SHA256SUMS", { maxBytes: 100, timeoutMs: 5_000 })).rejects.toThrow("redirected to plain http (http://192.0.2.1/SHA256SUMS); refusing it");
    await expect(readReleaseFile(source, "loop", { maxBytes: 100, timeoutMs: 5_000 })).rejects.toThrow("redirected more than 10 times");
  });

  test("a checksum list that names a file twice is refused", () => {
    const sum = "a".repeat(64);
    expect(parseChecksums(`${sum}  toolshed.tar.gz\n${"b".repeat(64)}  toolshed.tar.gz\n`)).toEqual({ ok: false, error: "toolshed.tar.gz is listed more than once" });
    expect(parseChecksums(`${sum}  toolshed.tar.gz\r\n`)).toMatchObject({ ok: true });
  });

  test("a file over the limit, a server that stalls, and an error status are refused with what happened", async () => {
    const source = serve((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/big") return new Response("x".repeat(1000));
      if (path === "/slow") return new Promise<Response>(() => {});
      return new Response("gone", { status: 410, statusText: "Gone" });
    });
    await expect(readReleaseFile(source, "big", { maxBytes: 100, timeoutMs: 5_000 })).rejects.toThrow(/is 1000 bytes, more than the 100 bytes|sent more than the 100 bytes/);
    await expect(readReleaseFile(source, "slow", { maxBytes: 100, timeoutMs: 200 })).rejects.toThrow("did not answer within 0.2 s");
    await expect(readReleaseFile(source, "other", { maxBytes: 100, timeoutMs: 5_000 })).rejects.toThrow("answered 410 Gone");
  });

  test("from a folder: a missing file, a pipe and a file over the limit", async () => {
    folder = createTemporaryFolder("toolshed-release-");
    const source = { kind: "folder" as const, path: folder.path };
    mkdirSync(join(folder.path, "sub"));
    writeFileSync(join(folder.path, "big"), "x".repeat(1000));
    Bun.spawnSync(["mkfifo", join(folder.path, "pipe")]);
    await expect(readReleaseFile(source, "missing", { maxBytes: 100, timeoutMs: 1_000 })).rejects.toThrow("missing does not exist");
    await expect(readReleaseFile(source, "pipe", { maxBytes: 100, timeoutMs: 1_000 })).rejects.toThrow("pipe is not a regular file");
    await expect(readReleaseFile(source, "sub", { maxBytes: 100, timeoutMs: 1_000 })).rejects.toThrow("sub is not a regular file");
    await expect(readReleaseFile(source, "big", { maxBytes: 100, timeoutMs: 1_000 })).rejects.toThrow("big is 1000 bytes, more than the 100 bytes a release file may be");
  });
});
