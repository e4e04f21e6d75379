/** Dotted setting keys ("remoteTrigger.url") over plain JSON objects. */

const KEY = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$/;

/** True for a well-formed dotted key. */
export function isSettingKey(key: string): boolean {
  return KEY.test(key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The value at `key`, or undefined. */
export function getSetting(settings: unknown, key: string): unknown {
  let current: unknown = settings;
  for (const part of key.split(".")) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

/** A copy of `settings` with `key` set; throws when a parent on the way is not an object. */
export function setSetting(settings: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = key.split(".") as [string, ...string[]];
  if (rest.length === 0) return { ...settings, [head]: value };
  const child = settings[head];
  if (child !== undefined && !isRecord(child)) {
    throw new Error(`"${head}" holds ${JSON.stringify(child)}, not an object, so it cannot have "${rest.join(".")}"`);
  }
  return { ...settings, [head]: setSetting(child ?? {}, rest.join("."), value) };
}
