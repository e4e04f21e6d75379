/**
 * The jobs of one session: memory-only jobs live as long as the session, durable ones in
 * `.toolshed/scheduled_tasks.json` under the working folder (written atomically).
 */
import { join } from "node:path";
import { ToolError } from "../errors/ToolError.ts";
import { readJsonFile } from "../files/readJsonFile.ts";
import { writeFileAtomic } from "../files/writeFileAtomic.ts";
import { CronFileSchema, type CronJob } from "./CronJob.ts";

/** At most this many jobs, memory and durable together. */
export const MAX_CRON_JOBS = 50;
/** The durable file, relative to the working folder. */
export const CRON_FILE = join(".toolshed", "scheduled_tasks.json");

export class CronStore {
  private readonly memory = new Map<string, CronJob>();

  constructor(private readonly cwd: string) {}

  /** Where durable jobs are kept. */
  get durablePath(): string {
    return join(this.cwd, CRON_FILE);
  }

  private readDurable(): CronJob[] {
    const json = readJsonFile(this.durablePath, `${this.durablePath} is not valid JSON. Fix or remove the file; it holds the durable scheduled jobs.`);
    if (json === undefined) return [];
    const parsed = CronFileSchema().safeParse(json);
    if (!parsed.success) {
      throw new ToolError(`${this.durablePath} does not hold a valid job list (${parsed.error.issues[0]?.message ?? "bad shape"}). Fix or remove the file.`);
    }
    // A file from the repository may hold any number: no more than the limit are taken from it.
    return parsed.data.jobs.slice(0, MAX_CRON_JOBS);
  }

  /** The durable jobs, or why the file cannot be read (then none). */
  private readDurableSafely(): { jobs: CronJob[]; problem?: string } {
    try {
      return { jobs: this.readDurable() };
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      return { jobs: [], problem: error.message };
    }
  }

  private writeDurable(jobs: CronJob[]): void {
    writeFileAtomic(this.durablePath, `${JSON.stringify({ version: 1, jobs }, null, 2)}\n`, { createParents: true });
  }

  /** Every job, memory-only ones first, each group oldest first; a durable file that cannot be read leaves its jobs out and says why. */
  list(): { jobs: CronJob[]; problem?: string } {
    const durable = this.readDurableSafely();
    return { jobs: [...this.memory.values(), ...durable.jobs], ...(durable.problem === undefined ? {} : { problem: durable.problem }) };
  }

  /** Adds a job with a fresh id; refuses past MAX_CRON_JOBS. */
  add(job: Omit<CronJob, "id" | "createdAt">): CronJob {
    // A session-only job does not need the durable file to be readable; a durable one does.
    const durable = job.durable ? this.readDurable() : this.readDurableSafely().jobs;
    if (this.memory.size + durable.length >= MAX_CRON_JOBS) {
      throw new ToolError(`There are already ${MAX_CRON_JOBS} scheduled jobs, the most allowed. Delete some with CronDelete first.`);
    }
    const taken = new Set([...this.memory.keys(), ...durable.map((entry) => entry.id)]);
    let id = crypto.randomUUID().slice(0, 8);
    while (taken.has(id)) id = crypto.randomUUID().slice(0, 8);
    const created: CronJob = { ...job, id, createdAt: new Date().toISOString() };
    if (created.durable) this.writeDurable([...durable, created]);
    else this.memory.set(id, created);
    return created;
  }

  /** Removes a job by id and returns it; undefined when there is none. */
  delete(id: string): CronJob | undefined {
    const inMemory = this.memory.get(id);
    if (inMemory !== undefined) {
      this.memory.delete(id);
      return inMemory;
    }
    const durable = this.readDurable();
    const found = durable.find((job) => job.id === id);
    if (found !== undefined) this.writeDurable(durable.filter((job) => job.id !== id));
    return found;
  }
}
