/** The built-in slash commands, and the runner that finds a command (built-in first, then the person's own). */
import { listSessions } from "../../query/transcript/listSessions.ts";
import { isKnownModel, MODEL_ALIASES } from "../../query/modelAliases.ts";
import type { TerminalController } from "../TerminalController.ts";
import { clearConversation, compactConversation, resumeConversation } from "./conversationActions.ts";
import { expandCommand, loadCustomCommands } from "./customCommands.ts";
import { permissionsCommand } from "./permissionsCommand.ts";
import type { SlashCommand } from "./SlashCommand.ts";
import { costLines, helpLines, mcpLines, toolLines } from "./commandOutput.ts";

const helpCommand: SlashCommand = {
  name: "help",
  description: "Show the commands and keys",
  run: (_args, controller) => controller.output(helpLines(BUILTIN_COMMANDS, loadCustomCommands(controller.session.cwd), controller.options.style)),
};

const clearCommand: SlashCommand = {
  name: "clear",
  description: "Start a new conversation (the old one stays saved)",
  run: (_args, controller) => {
    clearConversation(controller);
    controller.notice("info", "Started a new conversation.");
  },
};

const compactCommand: SlashCommand = {
  name: "compact",
  description: "Summarize the conversation so far to free context",
  argumentHint: "[what to keep]",
  run: (args, controller) => compactConversation(controller, args === "" ? undefined : args),
};

async function chooseModel(controller: TerminalController): Promise<void> {
  const aliases = Object.entries(MODEL_ALIASES);
  const current = controller.currentModel;
  const options = [...aliases.map(([alias, id]) => ({ label: alias, detail: id })), ...(aliases.some(([, id]) => id === current) ? [] : [{ label: current, detail: "current" }])];
  const chosen = await controller.pick("Choose the model for the next messages", options, Math.max(0, options.findIndex((option) => option.detail === current || option.label === current)));
  if (chosen === undefined) return;
  const model = controller.setModel((options[chosen] as { label: string }).label);
  controller.notice("info", `The model is now ${model}.`);
}

const modelCommand: SlashCommand = {
  name: "model",
  description: "Show or change the model",
  argumentHint: "[name]",
  run: async (args, controller) => {
    if (args === "") return chooseModel(controller);
    const model = controller.setModel(args);
    controller.notice(isKnownModel(model) ? "info" : "warning", isKnownModel(model) ? `The model is now ${model}.` : `The model is now ${model}, which toolshed does not know: its limits and price are guesses.`);
  },
};

const toolsCommand: SlashCommand = {
  name: "tools",
  description: "List the tools the model can use",
  run: async (_args, controller) => controller.output(await toolLines(controller.session.tools, controller.options.style)),
};

const mcpCommand: SlashCommand = {
  name: "mcp",
  description: "Show the MCP servers and their state",
  run: (_args, controller) => controller.output(mcpLines(controller.session.services.mcp.list(), controller.options.style)),
};

const costCommand: SlashCommand = {
  name: "cost",
  description: "Show the tokens and cost of this session",
  run: (_args, controller) => controller.output(costLines(controller.conversation.model.accounting, controller.options.style)),
};

const resumeCommand: SlashCommand = {
  name: "resume",
  description: "Take up a saved conversation of this folder",
  argumentHint: "[session id]",
  run: async (args, controller) => {
    const sessions = listSessions(controller.session.cwd).filter((session) => session.id !== controller.options.transcript.sessionId && session.firstPrompt !== "");
    const byId = args === "" ? undefined : sessions.find((session) => session.id === args || session.id.startsWith(args));
    if (args !== "" && byId === undefined) return controller.notice("error", `There is no saved session "${args}" in this folder.`);
    if (sessions.length === 0) return controller.notice("info", "There is no other saved conversation in this folder.");
    const chosen = byId ?? sessions[await controller.pick("Resume which conversation?", sessions.slice(0, 20).map((session) => ({
      label: session.firstPrompt,
      detail: `${session.modified.toISOString().slice(0, 16).replace("T", " ")}  ${session.id.slice(0, 8)}`,
    }))) ?? -1];
    if (chosen !== undefined) resumeConversation(controller, chosen.path, chosen.id);
  },
};

const exitCommand: SlashCommand = {
  name: "exit",
  aliases: ["quit"],
  description: "Leave (the conversation stays saved)",
  run: (_args, controller) => controller.exit(),
};

/** Every built-in command, in the order /help lists them. */
export const BUILTIN_COMMANDS: readonly SlashCommand[] = [helpCommand, clearCommand, compactCommand, modelCommand, permissionsCommand, toolsCommand, mcpCommand, costCommand, resumeCommand, exitCommand];

/** Runs `/name args`: a built-in, else the person's own command; false when there is none. */
export async function runSlashCommand(name: string, args: string, controller: TerminalController): Promise<boolean> {
  const builtin = BUILTIN_COMMANDS.find((command) => command.name === name || command.aliases?.includes(name));
  if (builtin !== undefined) {
    await builtin.run(args, controller);
    return true;
  }
  const custom = loadCustomCommands(controller.session.cwd).find((command) => command.name === name);
  if (custom === undefined) return false;
  await controller.sendPrompt(expandCommand(custom, args), { display: `/${name}${args === "" ? "" : ` ${args}`}`, model: custom.model });
  return true;
}

/** Commands whose name starts with `prefix`, for completion: built-ins, then the person's own. */
export function completeCommand(prefix: string, cwd: string): { name: string; description: string }[] {
  const builtins = BUILTIN_COMMANDS.map((command) => ({ name: command.name, description: command.description }));
  const custom = loadCustomCommands(cwd).map((command) => ({ name: command.name, description: `${command.description} (${command.scope})` }));
  return [...builtins, ...custom].filter((command) => command.name.startsWith(prefix));
}
