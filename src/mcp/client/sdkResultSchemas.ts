/**
 * The SDK's schemas for the results toolshed reads once a server is connected (a call's result,
 * a resource listing or reading), loaded with the first such result rather than on the way to
 * the first model request: they are the whole protocol's schemas, and building them takes tens
 * of milliseconds.
 */
type SdkTypes = typeof import("@modelcontextprotocol/sdk/types.js");

interface ResultSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

let loading: Promise<SdkTypes> | undefined;

/** The SDK's types module, loaded once. */
function sdkTypes(): Promise<SdkTypes> {
  return (loading ??= import("@modelcontextprotocol/sdk/types.js"));
}

/** `result` checked against the schema `pick` chooses; throws naming the first thing wrong with it. */
export async function checkResult<T>(result: unknown, pick: (types: SdkTypes) => ResultSchema<T>, what: string): Promise<T> {
  const checked = pick(await sdkTypes()).safeParse(result);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? "" : ` at ${issue.path.map(String).join(".")}`;
  throw new Error(`the server's ${what} is not valid${where}: ${issue?.message ?? "it does not match the protocol"}`);
}
