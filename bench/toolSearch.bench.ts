/** Deferred tools: the prompt with 100 MCP tools deferred, against the same pool loaded up front (estimated tokens, characters / 4). */
import { measureDeferral } from "../test/helpers/measureDeferral.ts";
import type { Benchmark } from "./figure.ts";

export const toolSearchBenchmark: Benchmark = {
  name: "deferred tools",
  async run() {
    const measure = await measureDeferral(100);
    return [{
      name: "deferred tools prompt",
      value: Math.round((measure.deferredTokens / measure.upfrontTokens) * 1000) / 1000,
      goal: 0.25,
      detail: `${measure.mcpTools} MCP tools: about ${measure.upfrontTokens} prompt tokens up front, ${measure.deferredTokens} deferred ` +
        `(${measure.upfrontTokens - measure.deferredTokens} saved, estimated as characters / 4); request body ${measure.upfrontBodyChars} characters up front, ` +
        `${measure.gatewayBodyChars} for a gateway without tool references`,
    }];
  },
};
