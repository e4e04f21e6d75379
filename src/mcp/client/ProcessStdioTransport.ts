/**
 * The stdio transport for MCP servers: the server runs in a process group of its own (so closing
 * it stops every process it started), its standard error goes to a size-capped log, and the
 * group is tracked so toolshed's exit stops it too. The SDK's own stdio transport signals only
 * the direct child, which leaves a server's children (an `npx` wrapper's node) running.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describeError } from "../../errors/describeError.ts";
import { parseMessageLine } from "./jsonRpcMessage.ts";
import { MessageLineBuffer } from "./MessageLineBuffer.ts";
import { processGroupHasMembers, stopProcessGroup, untrackProcessGroup } from "../../tasks/processGroups.ts";
import { MAX_MESSAGE_BYTES } from "./mcpLimits.ts";
import type { ServerLog } from "./ServerLog.ts";
import { spawnServerProcess, type ServerCommand, type ServerProcess, type StartedServer } from "./spawnServerProcess.ts";

/** What to start and where its standard error goes. */
export interface ProcessStdioOptions extends ServerCommand {
  log: ServerLog;
  /** The process, when it was started ahead of the transport (see spawnServerProcess). */
  started?: StartedServer;
}

/** How long a server may take to exit once its input is closed, and after SIGTERM. */
export const EXIT_GRACE_MS = 1000;

type Child = ServerProcess;

/** A Transport over a child process's standard input and output. */
export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: Child | undefined;
  private closing: Promise<void> | undefined;
  private reported = false;
  private readonly buffer = new MessageLineBuffer(MAX_MESSAGE_BYTES);
  /** How the process ended, once it has. */
  exitCode: number | null | undefined;
  signalCode: string | null | undefined;

  constructor(private readonly options: ProcessStdioOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child !== undefined) throw new Error("this transport was already started");
    const { started } = this.options;
    if (started !== undefined && "error" in started) throw started.error;
    this.child = started?.child ?? spawnServerProcess(this.options);
    const child = this.child;
    const stdoutDone = this.readStdout(child.stdout);
    void this.readStderr(child.stderr);
    void child.exited.then(async (code) => {
      this.exitCode = code;
      this.signalCode = child.signalCode === null ? null : String(child.signalCode);
      // Output already written is still delivered; a child holding the pipe open cannot keep the transport alive.
      await Promise.race([stdoutDone, Bun.sleep(EXIT_GRACE_MS)]);
      if (processGroupHasMembers(child.pid)) await stopProcessGroup(child.pid, Promise.resolve(), EXIT_GRACE_MS);
      else untrackProcessGroup(child.pid);
      this.finish();
    });
  }

  private async readStdout(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of stream) {
        let lines: string[];
        try {
          lines = this.buffer.append(chunk);
        } catch (error) {
          this.options.log.note(`standard output: ${describeError(error)}; closing the connection`);
          this.onerror?.(new Error(`the server sent a message larger than ${MAX_MESSAGE_BYTES} bytes`));
          void this.close();
          return;
        }
        this.deliver(lines);
      }
    } catch (error) {
      this.onerror?.(new Error(`reading the server's output failed: ${describeError(error)}`));
    }
  }

  private deliver(lines: string[]): void {
    for (const line of lines) {
      if (line.trim() === "") continue;
      let message: JSONRPCMessage;
      try {
        // Checked by hand (see jsonRpcMessage.ts); the transport's type is the SDK's.
        message = parseMessageLine(line) as JSONRPCMessage;
      } catch (error) {
        // A line that is not a JSON-RPC message (a server printing to stdout): noted, then skipped.
        this.options.log.note(`standard output held a line that is not an MCP message (${describeError(error)})`);
        continue;
      }
      this.onmessage?.(message);
    }
  }

  private async readStderr(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of stream) this.options.log.write(chunk);
    } catch {
      // The log is a courtesy; losing the rest of it must not disturb the connection.
    }
  }

  private finish(): void {
    if (this.reported) return;
    this.reported = true;
    this.buffer.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (child === undefined || this.exitCode !== undefined || this.closing !== undefined) throw new Error("the server process is not running");
    child.stdin.write(`${JSON.stringify(message)}\n`);
    await child.stdin.flush();
  }

  /** Closes standard input, gives the server a moment to exit, then stops its whole process group. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const child = this.child;
      if (child === undefined) return;
      try {
        await child.stdin.end();
      } catch {
        // Already closed: the process is on its way out.
      }
      await Promise.race([child.exited, Bun.sleep(EXIT_GRACE_MS)]);
      await stopProcessGroup(child.pid, child.exited, EXIT_GRACE_MS);
      this.exitCode ??= child.exitCode;
      this.finish();
    })();
    return this.closing;
  }

  /** Stops the process group at once (SIGTERM, then SIGKILL): for a server that never got going. */
  async terminate(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    this.closing ??= stopProcessGroup(child.pid, child.exited, EXIT_GRACE_MS).then(() => this.finish());
    await this.closing;
  }

  /** How the process ended, in words ("exited with code 1"), or undefined while it runs. */
  describeExit(): string | undefined {
    if (this.exitCode === undefined) return undefined;
    if (this.signalCode) return `it was ended by ${this.signalCode}`;
    return `it exited with code ${this.exitCode}`;
  }
}
