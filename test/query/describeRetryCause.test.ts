/** The retry notices: the API's status when it answered, that the request failed when it did not. */
import { describe, expect, test } from "bun:test";
import { describeRetryCause } from "../../src/query/describeRetryCause.ts";
import { createPrintKit } from "../helpers/printRun.ts";
import { cutTurn, textTurn } from "../helpers/messagesApiServer.ts";

describe("describeRetryCause", () => {
  test("names the status the API answered, or says no answer came", () => {
    expect(describeRetryCause({ error_status: 529, message: "Overloaded" })).toBe("the API answered 529 (Overloaded)");
    expect(describeRetryCause({ error_status: null, message: "no answer within 2000 ms" })).toBe("the request failed (no answer within 2000 ms)");
  });

  test("-p says a dropped connection failed, not that the API answered", async () => {
    const kit = await createPrintKit();
    try {
      kit.server.push(cutTurn([{ type: "text", text: "lost" }], 2, "drop"), textTurn("again"));
      const run = await kit.run(["-p", "hi"]);
      expect(run.stdout).toBe("again\n");
      expect(run.stderr).toContain("toolshed: the request failed (");
      expect(run.stderr).not.toContain("answered unknown");
    } finally {
      await kit.close();
    }
  });
});
