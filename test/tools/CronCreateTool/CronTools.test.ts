import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CRON_FILE, MAX_CRON_JOBS } from "../../../src/cron/CronStore.ts";
import { nextFireTime, parseCronExpression } from "../../../src/cron/cronExpression.ts";
import { CronCreateTool } from "../../../src/tools/CronCreateTool/CronCreateTool.ts";
import { CronDeleteTool } from "../../../src/tools/CronDeleteTool/CronDeleteTool.ts";
import { CronListTool } from "../../../src/tools/CronListTool/CronListTool.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

const CRON_TOOLS = [CronCreateTool, CronListTool, CronDeleteTool];

function cronFixture(): Promise<ToolFixture> {
  return createToolFixture({ tools: CRON_TOOLS, allow: ["CronCreate", "CronDelete"] });
}

function idFrom(text: string): string {
  const id = /job ([a-f0-9]{8}) scheduled/.exec(text)?.[1];
  if (id === undefined) throw new Error(`no job id in: ${text}`);
  return id;
}

describe("cron expressions", () => {
  test("five fields in local time: the next weekday 09:00 after a Friday morning is Monday 09:00", () => {
    const friday = new Date(2025, 0, 3, 10, 0, 0); // local time
    expect(nextFireTime("0 9 * * 1-5", friday)?.getTime()).toBe(new Date(2025, 0, 6, 9, 0, 0).getTime());
    expect(nextFireTime("*/15 * * * *", friday)?.getTime()).toBe(new Date(2025, 0, 3, 10, 15, 0).getTime());
  });

  test("nicknames, six fields, out-of-range values and garbage are refused with a reason", () => {
    for (const expression of ["@daily", "0 0 * * * *", "61 * * * *", "every minute"]) {
      const parsed = parseCronExpression(expression);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(expression);
    }
    expect(nextFireTime("0 0 31 2 *")).toBeNull();
  });
});

describe("CronCreate, CronList and CronDelete", () => {
  test("a session job is listed with its next fire time and can be deleted", async () => {
    fixture = await cronFixture();
    const created = await callTool(fixture.context, "CronCreate", { cron: "*/5 * * * *", prompt: "check the deploy" });
    expect(created.stage).toBe("done");
    expect(created.text).toMatch(/^Recurring job [a-f0-9]{8} scheduled \(\*\/5 \* \* \* \*, for this session only\); next fire \d{4}-\d\d-\d\dT/);
    const id = idFrom(created.text);
    const listed = await callTool(fixture.context, "CronList", {});
    expect(listed.text).toContain(`${id}  */5 * * * *  recurring  session  next 20`);
    expect(listed.text).toContain("check the deploy");
    expect(existsSync(join(fixture.folder.path, CRON_FILE))).toBe(false);
    expect((await callTool(fixture.context, "CronDelete", { id })).text).toBe(`Cancelled job ${id} (*/5 * * * *).`);
    expect((await callTool(fixture.context, "CronList", {})).text).toBe("No scheduled jobs.");
  });

  test("a durable job is written to .toolshed/scheduled_tasks.json and survives a new session", async () => {
    // .toolshed is a protected folder: an allow rule is not enough, a person (or bypassPermissions) must approve.
    fixture = await createToolFixture({ tools: CRON_TOOLS, allow: [], rules: [], mode: "bypassPermissions" });
    const created = await callTool(fixture.context, "CronCreate", { cron: "0 9 * * 1-5", prompt: "standup notes", durable: true, recurring: false });
    expect(created.text).toContain("One-shot job");
    expect(created.text).toContain("saved under .toolshed/");
    const id = idFrom(created.text);
    const file = JSON.parse(readFileSync(join(fixture.folder.path, CRON_FILE), "utf8"));
    expect(file.version).toBe(1);
    expect(file.jobs).toHaveLength(1);
    expect(file.jobs[0]).toMatchObject({ id, cron: "0 9 * * 1-5", prompt: "standup notes", recurring: false, durable: true });

    // A new session over the same working folder: a fresh app state, so no memory jobs carry over.
    const laterSession = await createTestContext({ tools: CRON_TOOLS, cwd: fixture.folder.path, allow: ["CronDelete"] });
    expect((await callTool(laterSession, "CronList", {})).text).toContain(`${id}  0 9 * * 1-5  once  durable`);
    expect((await callTool(laterSession, "CronDelete", { id })).stage).toBe("done");
    expect(JSON.parse(readFileSync(join(fixture.folder.path, CRON_FILE), "utf8")).jobs).toEqual([]);
  });

  test("an unknown id is an error listing the ids that exist", async () => {
    fixture = await cronFixture();
    const id = idFrom((await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "hourly" })).text);
    const outcome = await callTool(fixture.context, "CronDelete", { id: "deadbeef" });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain(`There is no scheduled job with id "deadbeef". The ids are: ${id}.`);
  });

  test("an invalid or never-firing expression is refused before anything is stored", async () => {
    fixture = await cronFixture();
    const invalid = await callTool(fixture.context, "CronCreate", { cron: "@hourly", prompt: "x" });
    expect(invalid.stage).toBe("validation");
    expect(invalid.text).toContain("not a five-field cron expression");
    const never = await callTool(fixture.context, "CronCreate", { cron: "0 0 30 2 *", prompt: "x" });
    expect(never.stage).toBe("validation");
    expect(never.text).toContain("never fires");
    expect((await callTool(fixture.context, "CronList", {})).text).toBe("No scheduled jobs.");
  });

  test(`refuses a job past ${MAX_CRON_JOBS}`, async () => {
    fixture = await cronFixture();
    for (let index = 0; index < MAX_CRON_JOBS; index++) {
      expect((await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: `job ${index}` })).stage).toBe("done");
    }
    const over = await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "one too many" });
    expect(over.result.is_error).toBe(true);
    expect(over.text).toContain(`already ${MAX_CRON_JOBS} scheduled jobs`);
  });

  test("a damaged durable file is reported, not overwritten, and session-only jobs work on", async () => {
    fixture = await createToolFixture({ tools: CRON_TOOLS, allow: [], rules: [], mode: "bypassPermissions" });
    mkdirSync(join(fixture.folder.path, ".toolshed"));
    writeFileSync(join(fixture.folder.path, CRON_FILE), "{ not json");
    const listed = await callTool(fixture.context, "CronList", {});
    expect(listed.text).toContain("No scheduled jobs.\n(The durable jobs are left out:");
    expect(listed.text).toContain("is not valid JSON");
    const created = await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "x", durable: true });
    expect(created.result.is_error).toBe(true);
    expect(readFileSync(join(fixture.folder.path, CRON_FILE), "utf8")).toBe("{ not json");
    const session = await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "for this session" });
    expect(session.stage).toBe("done");
    expect((await callTool(fixture.context, "CronList", {})).text).toContain("for this session");
  });

  test(`a durable file holding more than ${MAX_CRON_JOBS} jobs is read only up to the limit`, async () => {
    fixture = await createToolFixture({ tools: CRON_TOOLS, allow: [], rules: [], mode: "bypassPermissions" });
    mkdirSync(join(fixture.folder.path, ".toolshed"));
    const jobs = Array.from({ length: MAX_CRON_JOBS * 3 }, (_, index) => ({ id: index.toString(16).padStart(8, "0"), cron: "0 * * * *", prompt: `p${index}`, recurring: true, durable: true, createdAt: new Date(0).toISOString() }));
    writeFileSync(join(fixture.folder.path, CRON_FILE), JSON.stringify({ version: 1, jobs }));
    const listed = await callTool(fixture.context, "CronList", {});
    expect(listed.text.trim().split("\n")).toHaveLength(MAX_CRON_JOBS);
  });

  test("CronList is read-only and needs no rule; CronCreate without one is refused non-interactively", async () => {
    fixture = await createToolFixture({ tools: CRON_TOOLS });
    expect((await callTool(fixture.context, "CronList", {})).stage).toBe("done");
    expect((await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "x" })).stage).toBe("permission");
  });

  test("a durable job needs more than an allow rule: it writes under the protected .toolshed folder", async () => {
    fixture = await cronFixture();
    const outcome = await callTool(fixture.context, "CronCreate", { cron: "0 * * * *", prompt: "x", durable: true });
    expect(outcome.stage).toBe("permission");
    expect(existsSync(join(fixture.folder.path, CRON_FILE))).toBe(false);
  });
});
