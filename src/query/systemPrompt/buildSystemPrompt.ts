/**
 * The system prompt of a run: toolshed's own words (or the person's replacement), the environment,
 * the project's instruction files, and anything appended. Returned as blocks: the stable part
 * first, so the prompt cache keeps it from turn to turn.
 */
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { formatEnvironment, type EnvironmentInfo } from "./environmentInfo.ts";
import { formatInstructionFile, type InstructionFile } from "./projectInstructions.ts";
import { BASE_SYSTEM_PROMPT, ENVIRONMENT_HEADING, PROJECT_INSTRUCTIONS_HEADING } from "./prompt.ts";

export interface SystemPromptParts {
  /** `--system-prompt[-file]`: replaces toolshed's own words (the environment and instructions stay). */
  replacement?: string;
  /** `--append-system-prompt[-file]`: added at the end. */
  append?: string;
  environment: EnvironmentInfo;
  instructions: readonly InstructionFile[];
}

/** The system prompt as text blocks, in a fixed order. */
export function buildSystemPrompt(parts: SystemPromptParts): TextBlockParam[] {
  const blocks: TextBlockParam[] = [{ type: "text", text: parts.replacement ?? BASE_SYSTEM_PROMPT }];
  blocks.push({ type: "text", text: `${ENVIRONMENT_HEADING}\n${formatEnvironment(parts.environment)}` });
  if (parts.instructions.length > 0) {
    const files = parts.instructions.map((file) => formatInstructionFile(file, parts.environment.cwd)).join("\n\n");
    blocks.push({ type: "text", text: `${PROJECT_INSTRUCTIONS_HEADING}\n\n${files}` });
  }
  if (parts.append !== undefined && parts.append.trim() !== "") blocks.push({ type: "text", text: parts.append });
  return blocks;
}
