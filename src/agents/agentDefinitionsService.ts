/** The session's sub-agent types, read once per session on first use. */
import { defineService } from "../session/serviceKey.ts";
import { loadAgentDefinitions, type AgentDefinitions } from "./loadAgentDefinitions.ts";

export const agentDefinitionsService = defineService<AgentDefinitions>({
  name: "agentDefinitions",
  create: (scope) => loadAgentDefinitions(scope.cwd),
});
