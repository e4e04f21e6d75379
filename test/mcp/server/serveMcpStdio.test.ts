/** `mcp serve` over stdio, line by line: a line that cannot be read gets an error answer, and the session goes on. */
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { createServedSession } from "../../../src/mcp/server/createServedSession.ts";
import { serveMcpStdio } from "../../../src/mcp/server/serveMcpStdio.ts";
import { createSession, type Session } from "../../../src/session/createSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  folder?.remove();
});

describe("serveMcpStdio", () => {
  test("a line that is not JSON gets -32700, a batch or other non-message -32600; the next request is answered as usual", async () => {
    folder = createTemporaryFolder("toolshed-mcp-stdio-");
    session = await createSession({ cwd: folder.path, settings: {}, sessionDirectory: join(folder.path, ".session"), isNonInteractive: true });
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: { id?: unknown; error?: { code: number; message: string }; result?: unknown }[] = [];
    let buffered = "";
    output.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
        lines.push(JSON.parse(buffered.slice(0, end)));
        buffered = buffered.slice(end + 1);
      }
    });
    const serving = serveMcpStdio(createServedSession(session), input, output);
    input.write("this is not json\n");
    input.write(`${JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }])}\n`);
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })}\n`);
    for (let wait = 0; wait < 200 && lines.length < 3; wait++) await Bun.sleep(5);
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(lines[1]?.error?.message).toContain("MCP has no batches");
    expect(lines[2]).toEqual({ jsonrpc: "2.0", id: 2, result: {} } as never);
    input.end();
    await serving;
  });
});
