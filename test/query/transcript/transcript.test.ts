/** Transcripts: appended a line at a time, read back as one chain, torn lines skipped, owner-only files. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { appendFileSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findSession, listSessions, MAX_LISTED_SESSIONS } from "../../../src/query/transcript/listSessions.ts";
import { MAX_TRANSCRIPT_BYTES, readTranscript } from "../../../src/query/transcript/readTranscript.ts";
import { encodeProjectFolder, transcriptPath } from "../../../src/query/transcript/transcriptPaths.ts";
import { TranscriptWriter } from "../../../src/query/transcript/TranscriptWriter.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-transcript-");
});
afterEach(() => sandbox.restore());

describe("transcripts", () => {
  test("the folder name encodes the working folder; long ones are cut and hashed apart", () => {
    expect(encodeProjectFolder("/home/me/my project")).toBe("-home-me-my-project");
    const long = `/${"a".repeat(300)}`;
    const other = `/${"a".repeat(299)}b`;
    expect(encodeProjectFolder(long).length).toBeLessThan(220);
    expect(encodeProjectFolder(long)).not.toBe(encodeProjectFolder(other));
  });

  test("messages are appended as a chain and read back in order; the file is the owner's only", () => {
    const id = crypto.randomUUID();
    const path = transcriptPath(sandbox.project, id);
    const writer = new TranscriptWriter(path, id, sandbox.project);
    writer.append("user", { role: "user", content: "hello" });
    writer.append("assistant", { role: "assistant", content: [{ type: "text", text: "hi" }] });
    const { entries, skipped } = readTranscript(path);
    expect(skipped).toBe(0);
    expect(entries.map((entry) => entry.message.role)).toEqual(["user", "assistant"]);
    expect(entries[1]?.parentUuid).toBe(entries[0]?.uuid as string);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(listSessions(sandbox.project).map((session) => session.id)).toEqual([id]);
    expect(findSession(id, "/elsewhere")?.firstPrompt).toBe("hello");
  });

  test("a session is found by id however many newer ones there are, and without regard to case", () => {
    const id = crypto.randomUUID();
    const path = transcriptPath(sandbox.project, id);
    new TranscriptWriter(path, id, sandbox.project).append("user", { role: "user", content: "the old one" });
    utimesSync(path, 1_600_000_000, 1_600_000_000);
    const text = readFileSync(path, "utf8");
    for (let index = 0; index < MAX_LISTED_SESSIONS; index++) writeFileSync(transcriptPath(sandbox.project, crypto.randomUUID()), text);
    expect(listSessions(sandbox.project).some((session) => session.id === id)).toBe(false);
    expect(findSession(id, sandbox.project)?.firstPrompt).toBe("the old one");
    expect(findSession(id, "/elsewhere")?.path).toBe(path);
    expect(findSession(id.toUpperCase(), sandbox.project)?.id).toBe(id);
    expect(findSession("../../etc/passwd", sandbox.project)).toBeUndefined();
  });

  test("a line torn by a kill is skipped, and the chain is rebuilt from the newest entry", () => {
    const id = crypto.randomUUID();
    const path = transcriptPath(sandbox.project, id);
    const writer = new TranscriptWriter(path, id, sandbox.project);
    writer.append("user", { role: "user", content: "one" });
    writer.append("assistant", { role: "assistant", content: [{ type: "text", text: "two" }] });
    appendFileSync(path, '{"type": "user", "uuid": "x", "parent');
    const { entries, skipped } = readTranscript(path);
    expect(skipped).toBe(1);
    expect(entries).toHaveLength(2);
  });

  test("a run that carries on after a torn line starts on a line of its own: nothing it or the earlier runs wrote is lost", () => {
    const id = crypto.randomUUID();
    const path = transcriptPath(sandbox.project, id);
    const first = new TranscriptWriter(path, id, sandbox.project);
    first.append("user", { role: "user", content: "one" });
    const two = first.append("assistant", { role: "assistant", content: [{ type: "text", text: "two" }] });
    appendFileSync(path, '{"type": "user", "uuid": "x", "parent');
    // The next run resumes from the last whole entry, as --resume does.
    const resumed = new TranscriptWriter(path, id, sandbox.project, readTranscript(path).entries.at(-1)?.uuid ?? null);
    expect(readTranscript(path).entries.at(-1)?.uuid).toBe(two);
    resumed.append("user", { role: "user", content: "three" });
    resumed.append("assistant", { role: "assistant", content: [{ type: "text", text: "four" }] });
    const { entries, skipped } = readTranscript(path);
    expect(skipped).toBe(1);
    expect(entries.map((entry) => JSON.stringify(entry.message.content))).toEqual(['"one"', '[{"type":"text","text":"two"}]', '"three"', '[{"type":"text","text":"four"}]']);
    // A third run finds whole lines and adds no blank one.
    new TranscriptWriter(path, id, sandbox.project, entries.at(-1)?.uuid ?? null).append("user", { role: "user", content: "five" });
    expect(readTranscript(path).entries).toHaveLength(5);
    expect(readFileSync(path, "utf8")).not.toContain("\n\n");
  });

  test("a transcript too large to read back is refused with a clear message", () => {
    const path = join(sandbox.root.path, "huge.jsonl");
    writeFileSync(path, "");
    // A sparse file: the size check must come before any read.
    Bun.spawnSync(["truncate", "-s", String(MAX_TRANSCRIPT_BYTES + 1), path]);
    expect(() => readTranscript(path)).toThrow("start a new session");
  });
});
