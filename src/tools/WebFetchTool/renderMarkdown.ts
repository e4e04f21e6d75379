/**
 * Markdown from a parsed HTML document (htmlparser2's DOM): headings, paragraphs, lists, links
 * made absolute, code blocks, tables, quotes. What a reader does not need is dropped: scripts,
 * styles, navigation, forms' controls, hidden elements. Output is for a model to read, so text is
 * not escaped. Nesting deeper than MAX_RENDER_DEPTH is read as plain text, so a hostile page
 * cannot exhaust the stack.
 */

/** A node of the parsed page, as htmlparser2's DOM has it (only what rendering reads). */
export interface HtmlNode {
  type: string;
  /** A text node's text. */
  data?: string;
  /** An element's name, in lower case. */
  name?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

type ChildNode = HtmlNode;
interface Element extends HtmlNode {
  name: string;
  attribs: Record<string, string>;
  children: HtmlNode[];
}

interface TextNode extends HtmlNode {
  data: string;
}

/** Elements nested deeper than this are read as their text only. */
export const MAX_RENDER_DEPTH = 200;

/** Elements whose content a reader of the page never sees, or that only navigate. */
const DROPPED = new Set([
  "script", "style", "noscript", "template", "head", "meta", "link", "svg", "math", "canvas", "iframe", "object",
  "embed", "audio", "video", "source", "track", "map", "area", "nav", "input", "select", "option", "textarea", "button", "dialog",
]);

const BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "div", "dl", "dt", "fieldset", "figcaption",
  "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "li", "main", "menu", "ol",
  "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]);

interface RenderContext {
  depth: number;
  base: URL | undefined;
}

function isElement(node: ChildNode): node is Element {
  return (node.type === "tag" || node.type === "script" || node.type === "style") && typeof node.name === "string" &&
    node.attribs !== undefined && node.children !== undefined;
}

function isText(node: ChildNode): node is TextNode {
  return node.type === "text" && typeof node.data === "string";
}

function isHidden(element: Element): boolean {
  const attributes = element.attribs;
  return "hidden" in attributes || attributes["aria-hidden"] === "true" || attributes.role === "navigation";
}

/** The text under `nodes`, without recursion (so any depth is safe). */
function plainText(nodes: readonly ChildNode[]): string {
  const parts: string[] = [];
  const stack: ChildNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isText(node)) parts.push(node.data);
    else if (isElement(node) && !DROPPED.has(node.name)) for (let at = node.children.length - 1; at >= 0; at -= 1) stack.push(node.children[at] as ChildNode);
  }
  return parts.join(" ");
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ");
}

function absolute(href: string | undefined, base: URL | undefined): string | undefined {
  if (href === undefined || href.trim() === "") return undefined;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol === "javascript:" || url.protocol === "data:") return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** Wraps `text` in `mark` on both sides, keeping the spaces it had outside. */
function wrap(text: string, mark: string): string {
  const inner = text.trim();
  // Nested marks of one kind (<b><b>x</b></b>) are one mark.
  if (inner === "" || (inner.startsWith(mark) && inner.endsWith(mark) && inner.length > 2 * mark.length)) return text;
  const lead = text.startsWith(" ") ? " " : "";
  const trail = text.endsWith(" ") ? " " : "";
  return `${lead}${mark}${inner}${mark}${trail}`;
}

function inlineOf(nodes: readonly ChildNode[], context: RenderContext): string {
  let text = "";
  for (const node of nodes) {
    if (isText(node)) text += collapse(node.data);
    else if (isElement(node)) text += inlineElement(node, context);
  }
  return text;
}

function inlineElement(element: Element, context: RenderContext): string {
  if (DROPPED.has(element.name) || isHidden(element)) return "";
  if (context.depth >= MAX_RENDER_DEPTH) return collapse(plainText(element.children));
  const inner = { ...context, depth: context.depth + 1 };
  const children = () => inlineOf(element.children, inner);
  switch (element.name) {
    case "br":
      return "\n";
    case "strong":
    case "b":
      return wrap(children(), "**");
    case "em":
    case "i":
      return wrap(children(), "*");
    case "del":
    case "s":
    case "strike":
      return wrap(children(), "~~");
    case "code":
    case "kbd":
    case "samp": {
      const code = collapse(plainText(element.children));
      return code.trim() === "" ? code : wrap(code, code.includes("`") ? "``" : "`");
    }
    case "a": {
      const text = children();
      const href = absolute(element.attribs.href, context.base);
      if (href === undefined || text.trim() === "" || element.attribs.href?.startsWith("#")) return text;
      return `${text.startsWith(" ") ? " " : ""}[${text.trim()}](${href})${text.endsWith(" ") ? " " : ""}`;
    }
    case "img": {
      const alt = collapse(element.attribs.alt ?? "").trim();
      const src = absolute(element.attribs.src, context.base);
      return src === undefined ? alt : `![${alt}](${src})`;
    }
    default:
      // A block inside an inline element (a link around a card): its text, set apart by spaces.
      return BLOCKS.has(element.name) ? ` ${children()} ` : children();
  }
}

function paragraph(text: string): string | undefined {
  const lines = text.split("\n").map((line) => line.replace(/ {2,}/g, " ").trim()).filter((line) => line !== "");
  return lines.length === 0 ? undefined : lines.join("\n");
}

/** The blocks of `nodes`, in order; runs of inline content become paragraphs. */
function blocksOf(nodes: readonly ChildNode[], context: RenderContext): string[] {
  const blocks: string[] = [];
  let inline = "";
  const flush = () => {
    const text = paragraph(inline);
    if (text !== undefined) blocks.push(text);
    inline = "";
  };
  for (const node of nodes) {
    if (isText(node)) inline += collapse(node.data);
    else if (!isElement(node) || DROPPED.has(node.name) || isHidden(node)) continue;
    else if (BLOCKS.has(node.name) && context.depth < MAX_RENDER_DEPTH) {
      flush();
      blocks.push(...blockElement(node, context));
    } else inline += inlineElement(node, context);
  }
  flush();
  return blocks;
}

function indent(text: string, by: string): string {
  return text.split("\n").map((line) => (line === "" ? line : by + line)).join("\n");
}

function listBlock(list: Element, context: RenderContext): string {
  const ordered = list.name === "ol";
  let number = Number.parseInt(list.attribs.start ?? "1", 10);
  if (!Number.isFinite(number)) number = 1;
  const items: string[] = [];
  for (const child of list.children) {
    if (!isElement(child) || DROPPED.has(child.name) || isHidden(child)) continue;
    const content = child.name === "li" ? blocksOf(child.children, context) : blockElement(child, context);
    if (content.length === 0) continue;
    const marker = ordered ? `${number++}. ` : "- ";
    const body = content.join("\n");
    const [first = "", ...rest] = body.split("\n");
    items.push([marker + first, ...rest.map((line) => (line === "" ? line : " ".repeat(marker.length) + line))].join("\n"));
  }
  return items.join("\n");
}

function fenceFor(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(longest + 1);
}

function preBlock(pre: Element): string {
  const code = pre.children.find((child): child is Element => isElement(child) && child.name === "code");
  const classes = `${code?.attribs.class ?? ""} ${pre.attribs.class ?? ""}`;
  const language = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? "";
  const text = plainTextKeepingLines(pre.children).replace(/^\n/, "").replace(/\s+$/, "");
  const fence = fenceFor(text);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Text as written, line breaks kept (inside pre). */
function plainTextKeepingLines(nodes: readonly ChildNode[]): string {
  const parts: string[] = [];
  const stack: ChildNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isText(node)) parts.push(node.data);
    else if (isElement(node)) {
      if (node.name === "br") parts.push("\n");
      for (let at = node.children.length - 1; at >= 0; at -= 1) stack.push(node.children[at] as ChildNode);
    }
  }
  return parts.join("");
}

function rowsOf(table: Element): Element[][] {
  const rows: Element[][] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (child.name === "tr") rows.push(child.children.filter((cell): cell is Element => isElement(cell) && (cell.name === "td" || cell.name === "th")));
      else if (child.name === "thead" || child.name === "tbody" || child.name === "tfoot") visit(child);
    }
  };
  visit(table);
  return rows;
}

function tableBlock(table: Element, context: RenderContext): string {
  const inner = { ...context, depth: context.depth + 1 };
  const rows = rowsOf(table).map((cells) => cells.map((cell) => collapse(inlineOf(cell.children, inner)).trim().replaceAll("|", "\\|")));
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return "";
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, at) => cells[at] ?? "").join(" | ")} |`;
  const [head = [], ...body] = rows;
  return [line(head), `| ${Array.from({ length: width }, () => "---").join(" | ")} |`, ...body.map(line)].join("\n");
}

function blockElement(element: Element, context: RenderContext): string[] {
  const inner = { ...context, depth: context.depth + 1 };
  const heading = /^h([1-6])$/.exec(element.name);
  if (heading !== null) {
    const text = paragraph(inlineOf(element.children, inner))?.replaceAll("\n", " ");
    return text === undefined ? [] : [`${"#".repeat(Number(heading[1]))} ${text}`];
  }
  switch (element.name) {
    case "hr":
      return ["---"];
    case "pre":
      return [preBlock(element)];
    case "ul":
    case "ol":
    case "menu": {
      const list = listBlock(element, inner);
      return list === "" ? [] : [list];
    }
    case "li":
      return blocksOf(element.children, inner).map((block, at) => (at === 0 ? `- ${block}` : indent(block, "  ")));
    case "blockquote": {
      const quoted = blocksOf(element.children, inner).join("\n\n");
      return quoted === "" ? [] : [quoted.split("\n").map((line) => (line === "" ? ">" : `> ${line}`)).join("\n")];
    }
    case "table": {
      const table = tableBlock(element, inner);
      return table === "" ? [] : [table];
    }
    case "dt": {
      const term = paragraph(inlineOf(element.children, inner));
      return term === undefined ? [] : [`**${term.replaceAll("\n", " ")}**`];
    }
    default:
      return blocksOf(element.children, inner);
  }
}

/** The first element named `name` under `nodes`, depth first, without recursion. */
function findElement(nodes: readonly ChildNode[], name: string): Element | undefined {
  const stack: ChildNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isElement(node)) continue;
    if (node.name === name) return node;
    for (let at = node.children.length - 1; at >= 0; at -= 1) stack.push(node.children[at] as ChildNode);
  }
  return undefined;
}

function parseUrl(text: string | undefined, base?: URL): URL | undefined {
  if (text === undefined) return base;
  try {
    return new URL(text, base);
  } catch {
    return base;
  }
}

/**
 * The Markdown of a document's nodes, its title first as a heading when the page has no h1 of
 * its own; relative links are made absolute against `pageUrl` (or the page's own `<base href>`).
 */
export function renderMarkdown(nodes: readonly ChildNode[], pageUrl?: string): string {
  const base = parseUrl(findElement(nodes, "base")?.attribs.href, parseUrl(pageUrl));
  const body = blocksOf(nodes, { depth: 0, base });
  const title = collapse(plainText(findElement(nodes, "title")?.children ?? [])).trim();
  if (title !== "" && findElement(nodes, "h1") === undefined) body.unshift(`# ${title}`);
  return body.join("\n\n");
}
