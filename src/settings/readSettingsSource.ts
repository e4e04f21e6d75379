/**
 * Reads one settings file as a source. A managed or command-line file that cannot be read, or
 * holds any bad value, stops the session (SettingsError); any other file is reported and skipped,
 * except that the deny and ask rules still readable in a file with broken JSON apply.
 */
import { UsageError } from "../errors/ToolError.ts";
import type { RuleSource } from "../permissions/types.ts";
import type { Locate } from "./jsonWithPositions.ts";
import { parseSettingsText } from "./parseSettingsText.ts";
import { readSettingsFile } from "./readSettingsFile.ts";
import type { Settings } from "./settingsSchema.ts";
import { ruleBaseDirectory } from "./settingsPaths.ts";

/** One source as read. */
export interface SettingsSource {
  source: RuleSource;
  /** The file, or "--settings" for inline JSON, or "command line flags". */
  where: string;
  settings: Settings;
  /** The folder `/path` rules of this source are relative to. */
  baseDirectory: string;
  /** `file:line:column` of a value in the source (its file alone when unknown). */
  locate?: Locate;
}

/** A settings problem that stops the session (managed or command-line file). */
export class SettingsError extends UsageError {
  // A usage error: the CLI prints the message and exits with status 2.
}

export interface ReadSourceOptions {
  /** Problems stop the session instead of being warnings. */
  fatal?: boolean;
  /** The file is written for another agent: unknown keys not near a known one are not reported. */
  foreign?: boolean;
  /** What `/path` rules are relative to, when not the file's own project folder (inline JSON). */
  baseDirectory?: string;
}

/** Reads `path` as a `source`; undefined when there is no such file (or it is skipped). */
export function readSettingsSource(path: string, source: RuleSource, warnings: string[], options: ReadSourceOptions = {}): SettingsSource | undefined {
  const read = readSettingsFile(path);
  if (read.kind === "missing") {
    if (options.fatal && source === "cliArg") throw new SettingsError(`the settings file ${path} does not exist`);
    return undefined;
  }
  if (read.kind === "error") {
    const message = `${path} ${read.reason}`;
    if (options.fatal) throw new SettingsError(message);
    warnings.push(`${message}; it is ignored`);
    return undefined;
  }
  return settingsSourceFromText(read.text, path, source, warnings, options);
}

/** A source from settings text (a file's, or inline JSON given as `where`). */
export function settingsSourceFromText(text: string, where: string, source: RuleSource, warnings: string[], options: ReadSourceOptions = {}): SettingsSource | undefined {
  const baseDirectory = options.baseDirectory ?? ruleBaseDirectory(where);
  const parsed = parseSettingsText(text, where, { strict: options.fatal, quietUnknownKeys: options.foreign });
  if (!parsed.ok) {
    if (options.fatal) throw new SettingsError(parsed.message);
    const salvaged = parsed.salvaged;
    if (salvaged === undefined) {
      warnings.push(`${parsed.message} (this file is ignored)`);
      return undefined;
    }
    const count = salvaged.deny.length + salvaged.ask.length;
    warnings.push(`${parsed.message} (this file is ignored, except the ${count} deny and ask rule${count === 1 ? "" : "s"} that could still be read from it)`);
    return { source, where, settings: { permissions: { deny: salvaged.deny, ask: salvaged.ask } }, baseDirectory };
  }
  warnings.push(...parsed.warnings);
  return { source, where, settings: parsed.settings, baseDirectory, locate: parsed.locate };
}
