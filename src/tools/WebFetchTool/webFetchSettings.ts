/** The limits a user may change through the environment (read at each call, so a session can be tuned while it runs). */
import { DEFAULT_CACHE_TTL_MS, DEFAULT_FETCH_TIMEOUT_MS } from "./limits.ts";

function wholeNumber(value: string | undefined, fallback: number, allowZero: boolean): number {
  const text = value?.trim();
  if (text === undefined || !/^\d+$/.test(text)) return fallback;
  const number = Number(text);
  return number === 0 && !allowZero ? fallback : number;
}

/** TOOLSHED_WEBFETCH_TIMEOUT_MS, or the default. */
export function fetchTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  return wholeNumber(env.TOOLSHED_WEBFETCH_TIMEOUT_MS, DEFAULT_FETCH_TIMEOUT_MS, false);
}

/** TOOLSHED_WEBFETCH_CACHE_TTL_MS (0 keeps nothing), or the default. */
export function cacheTtlMs(env: Record<string, string | undefined> = process.env): number {
  return wholeNumber(env.TOOLSHED_WEBFETCH_CACHE_TTL_MS, DEFAULT_CACHE_TTL_MS, true);
}
