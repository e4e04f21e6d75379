/** A value built on first use and kept: start-up never pays for a schema or table it does not need. */

/** `build`, called once, on the first call of the returned function. */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
