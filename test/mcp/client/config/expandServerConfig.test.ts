/** ${VAR} and ${VAR:-default} in command, args, env, url and headers. */
import { describe, expect, test } from "bun:test";
import { expandServerConfig } from "../../../../src/mcp/client/config/expandServerConfig.ts";
import { expandVariables } from "../../../../src/mcp/client/config/expandVariables.ts";

describe("expandVariables", () => {
  test("set, unset with a default, empty with a default, missing, and text that only looks like a reference", () => {
    const environment = { HOME: "/home/a", EMPTY: "" };
    expect(expandVariables("${HOME}/x", environment)).toEqual({ text: "/home/a/x", missing: [] });
    expect(expandVariables("${PORT:-8080}", environment)).toEqual({ text: "8080", missing: [] });
    expect(expandVariables("${EMPTY:-fallback}", environment)).toEqual({ text: "fallback", missing: [] });
    expect(expandVariables("${EMPTY}", environment)).toEqual({ text: "", missing: [] });
    expect(expandVariables("a${NOPE}b${ALSO}", environment)).toEqual({ text: "ab", missing: ["NOPE", "ALSO"] });
    expect(expandVariables("$HOME ${1X} ${}", environment)).toEqual({ text: "$HOME ${1X} ${}", missing: [] });
    expect(expandVariables("${URL:-http://h:1/p}", environment).text).toBe("http://h:1/p");
  });
});

describe("expandServerConfig", () => {
  test("stdio: command, args and env values; remote: url and header values; keys stay as written", () => {
    const environment = { BIN: "node", TOKEN: "t0k" };
    expect(expandServerConfig({ type: "stdio", command: "${BIN}", args: ["${DIR:-.}"], env: { "KEY_${X}": "${TOKEN}" } }, environment)).toEqual({
      ok: true,
      config: { type: "stdio", command: "node", args: ["."], env: { "KEY_${X}": "t0k" } },
    });
    expect(expandServerConfig({ type: "http", url: "https://h/${P:-mcp}", headers: { Authorization: "Bearer ${TOKEN}" } }, environment)).toEqual({
      ok: true,
      config: { type: "http", url: "https://h/mcp", headers: { Authorization: "Bearer t0k" } },
    });
  });

  test("every missing variable is named once", () => {
    expect(expandServerConfig({ type: "sse", url: "${HOST}/${HOST}", headers: { A: "${KEY}" } }, {})).toEqual({ ok: false, missing: ["HOST", "KEY"] });
  });
});
