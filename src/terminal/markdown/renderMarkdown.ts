/**
 * Markdown as a terminal shows it: marked's lexer reads the text, and each block becomes lines
 * of styled text that fit `width` columns (headings, paragraphs, lists with hanging indents,
 * quotes, tables, rules, and code blocks highlighted without their fences). Line breaks the model
 * wrote are kept: it lays out its answers for a terminal.
 */
import { lexer, type Token, type Tokens } from "marked";
import type { Style } from "../style.ts";
import { highlightCode } from "./highlightCode.ts";
import { renderTable } from "./renderTable.ts";
import { wrapText } from "./wrapText.ts";

export { wrapText };

/** Bullets by nesting depth. */
const BULLETS = ["•", "◦", "▪"];

/** The inline tokens of a block as one styled string. */
export function renderInline(tokens: readonly Token[] | undefined, style: Style): string {
  if (tokens === undefined) return "";
  return tokens.map((token) => inlineToken(token, style)).join("");
}

function inlineToken(token: Token, style: Style): string {
  switch (token.type) {
    case "text":
      return "tokens" in token && token.tokens !== undefined ? renderInline(token.tokens, style) : (token as Tokens.Text).text;
    case "escape":
      return (token as Tokens.Escape).text;
    case "strong":
      return style.bold(renderInline((token as Tokens.Strong).tokens, style));
    case "em":
      return style.italic(renderInline((token as Tokens.Em).tokens, style));
    case "del":
      return style.strike(renderInline((token as Tokens.Del).tokens, style));
    case "codespan": {
      const text = (token as Tokens.Codespan).text;
      // Without colours the backticks are what marks code apart.
      return style.colors ? style.color("accent", text) : `\`${text}\``;
    }
    case "link": {
      const link = token as Tokens.Link;
      const text = renderInline(link.tokens, style);
      return link.href === link.text || link.href === `mailto:${link.text}` ? style.underline(text) : `${style.underline(text)} ${style.dim(`(${link.href})`)}`;
    }
    case "image": {
      const image = token as Tokens.Image;
      return style.dim(`[image: ${image.text || image.href}]`);
    }
    case "br":
      return "\n";
    case "checkbox":
      return (token as Tokens.Checkbox).checked ? "[x] " : "[ ] ";
    default:
      return "raw" in token ? String(token.raw) : "";
  }
}

interface BlockContext {
  style: Style;
  /** How deep in lists this block is (for the bullet). */
  listDepth: number;
}

function headingLines(token: Tokens.Heading, width: number, context: BlockContext): string[] {
  const text = renderInline(token.tokens, context.style);
  const styled = token.depth === 1 ? context.style.bold(context.style.underline(text)) : token.depth === 2 ? context.style.bold(text) : context.style.bold(context.style.dim(text));
  return wrapText(styled, width);
}

function codeLines(token: Tokens.Code, width: number, context: BlockContext): string[] {
  const code = token.text.replace(/\n$/, "");
  const lines = highlightCode(code, token.lang, context.style);
  // Indented by two, like a quote without its bar, so code stands apart from prose.
  return lines.flatMap((line) => wrapText(line, width - 2).map((part) => `  ${part}`));
}

function listLines(token: Tokens.List, width: number, context: BlockContext): string[] {
  const start = typeof token.start === "number" ? token.start : 1;
  const markers = token.items.map((_, index) => (token.ordered ? `${start + index}.` : (BULLETS[context.listDepth % BULLETS.length] as string)));
  const markerWidth = Math.max(...markers.map((marker) => marker.length));
  const lines: string[] = [];
  token.items.forEach((item, index) => {
    const marker = (markers[index] as string).padStart(token.ordered ? markerWidth : 1);
    const indent = " ".repeat(marker.length + 1);
    const content = blockLines(item.tokens, width - indent.length, { ...context, listDepth: context.listDepth + 1 }, item.loose);
    if (item.loose && index > 0) lines.push("");
    content.forEach((line, position) => lines.push(position === 0 ? `${marker} ${line}` : line === "" ? "" : `${indent}${line}`));
  });
  return lines;
}

function blockToken(token: Token, width: number, context: BlockContext): string[] | undefined {
  const { style } = context;
  switch (token.type) {
    case "space":
      return undefined;
    case "heading":
      return headingLines(token as Tokens.Heading, width, context);
    case "paragraph":
      return wrapText(renderInline((token as Tokens.Paragraph).tokens, style), width);
    case "text": {
      const text = token as Tokens.Text;
      return wrapText(text.tokens === undefined ? text.text : renderInline(text.tokens, style), width);
    }
    case "code":
      return codeLines(token as Tokens.Code, width, context);
    case "list":
      return listLines(token as Tokens.List, width, context);
    case "blockquote":
      return blockLines((token as Tokens.Blockquote).tokens, width - 2, context, true).map((line) => `${style.dim("│")} ${line}`);
    case "hr":
      return [style.dim("─".repeat(Math.max(1, Math.min(width, 80))))];
    case "table":
      return renderTable(token as Tokens.Table, width, style, (tokens) => renderInline(tokens, style));
    case "html":
      return wrapText((token as Tokens.HTML).text.replace(/\n$/, ""), width);
    case "checkbox":
      return [inlineToken(token, style)];
    default:
      return "raw" in token && typeof token.raw === "string" && token.raw.trim() !== "" ? wrapText(token.raw.trimEnd(), width) : undefined;
  }
}

/** Blocks one after another: a blank line between them when `spaced` (top level, loose lists). */
function blockLines(tokens: readonly Token[], width: number, context: BlockContext, spaced: boolean): string[] {
  const lines: string[] = [];
  let previous: Token | undefined;
  for (const token of tokens) {
    const rendered = blockToken(token, width, context);
    if (rendered === undefined) continue;
    // A task item's checkbox and its text share a line.
    if (previous?.type === "checkbox" && lines.length > 0) {
      lines[lines.length - 1] += rendered[0] ?? "";
      lines.push(...rendered.slice(1));
    } else {
      if (spaced && lines.length > 0) lines.push("");
      lines.push(...rendered);
    }
    previous = token;
  }
  return lines;
}

/** The Markdown `text` as styled lines at most `width` columns wide. */
export function renderMarkdown(text: string, width: number, style: Style): string[] {
  const tokens = lexer(text, { gfm: true });
  return blockLines(tokens, Math.max(10, width), { style, listDepth: 0 }, true);
}
