/** The session's one CronStore, kept in app state so every Cron tool call of the session shares it. */
import type { ToolUseContext } from "../Tool.ts";
import { CronStore } from "./CronStore.ts";

const KEY = "cronStore";

/** The CronStore of the context's session, created on first use. */
export function sessionCronStore(context: ToolUseContext): CronStore {
  const existing = context.getAppState()[KEY];
  if (existing instanceof CronStore) return existing;
  const store = new CronStore(context.cwd);
  context.setAppState((state) => ({ ...state, [KEY]: store }));
  return store;
}
