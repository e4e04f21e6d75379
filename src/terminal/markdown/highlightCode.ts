/**
 * Syntax highlighting for code blocks: highlight.js (its core and sixteen languages models write most)
 * turns code into classed spans, and those become terminal colours, line by line, so a wrapped or
 * cut line never carries a colour into the next. Unknown languages are shown plain.
 */
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { lazy } from "../../lazy.ts";
import type { ColorName, Style } from "../style.ts";

const LANGUAGES = { bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml };

/** Registered on the first code block, not at start-up. */
const registered = lazy(() => {
  for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
  hljs.registerAliases(["tsx", "mts", "cts"], { languageName: "typescript" });
  hljs.registerAliases(["jsx", "mjs", "cjs"], { languageName: "javascript" });
  hljs.registerAliases(["console", "sh", "zsh", "shell"], { languageName: "bash" });
  return hljs;
});

/** The colour of each highlight.js class that gets one; the rest stay plain. */
const CLASS_COLORS: Readonly<Record<string, ColorName>> = {
  keyword: "keyword",
  "selector-tag": "keyword",
  built_in: "type",
  type: "type",
  literal: "number",
  number: "number",
  string: "string",
  regexp: "string",
  "template-tag": "string",
  title: "title",
  "title.function": "title",
  "title.class": "type",
  section: "title",
  attr: "warning",
  attribute: "warning",
  variable: "error",
  "template-variable": "error",
  symbol: "number",
  meta: "muted",
  comment: "muted",
  quote: "muted",
  addition: "added",
  deletion: "removed",
  name: "title",
  tag: "accent",
};

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Turns highlight.js's spans into coloured text, one entry per line of the code. */
function spansToLines(html: string, style: Style): string[] {
  const lines: string[] = [""];
  const classes: (ColorName | undefined)[] = [];
  const pattern = /<span class="([^"]*)">|<\/span>|([^<]+)/g;
  for (const match of html.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const name = match[1].replace(/^hljs-/, "").replace(/_$/, "").split(" ")[0] ?? "";
      classes.push(CLASS_COLORS[name] ?? CLASS_COLORS[name.split(".")[0] ?? ""] ?? classes.at(-1));
    } else if (match[0] === "</span>") {
      classes.pop();
    } else {
      const color = classes.at(-1);
      decode(match[2] ?? "").split("\n").forEach((piece, index) => {
        if (index > 0) lines.push("");
        lines[lines.length - 1] += color === undefined ? piece : style.color(color, piece);
      });
    }
  }
  return lines;
}

/** `code` as coloured lines for `language` (its name or an alias); plain lines when colours are off or the language is unknown. */
export function highlightCode(code: string, language: string | undefined, style: Style): string[] {
  const name = language?.trim().toLowerCase().split(/\s/)[0];
  if (!style.colors || name === undefined || name === "") return code.split("\n");
  const engine = registered();
  if (engine.getLanguage(name) === undefined) return code.split("\n");
  try {
    return spansToLines(engine.highlight(code, { language: name, ignoreIllegals: true }).value, style);
  } catch {
    return code.split("\n"); // a grammar that chokes on odd input: plain is better than nothing
  }
}
