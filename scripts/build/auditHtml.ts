/** `dist/audit.html`: one self-contained page (no scripts, no links out) with a treemap per flavor. */
import type { FlavorAudit } from "./auditFlavor.ts";
import type { BuildAudit } from "./buildAudit.ts";
import { packageOf, type ModuleSize } from "./measureBundle.ts";
import { squarify } from "./treemapLayout.ts";

const WIDTH = 1200;
const HEIGHT = 640;
const HEADER = 16;

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A stable colour per package name. */
function hue(name: string): number {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function label(x: number, y: number, width: number, height: number, text: string, size: number): string {
  if (width < 40 || height < size + 4) return "";
  const fits = Math.floor((width - 6) / (size * 0.6));
  const shown = text.length > fits ? `${text.slice(0, Math.max(fits - 1, 1))}…` : text;
  return `<text x="${(x + 3).toFixed(1)}" y="${(y + size + 1).toFixed(1)}" font-size="${size}">${escapeHtml(shown)}</text>`;
}

/** The SVG treemap of one flavor: packages as groups, modules inside them, sized by output bytes. */
export function renderTreemap(audit: FlavorAudit): string {
  const byPackage = new Map<string, ModuleSize[]>();
  for (const module of audit.modules) {
    const name = packageOf(module.path);
    byPackage.set(name, [...(byPackage.get(name) ?? []), module]);
  }
  const packages = [...byPackage].map(([name, modules]) => ({ value: modules.reduce((sum, module) => sum + module.bytes, 0), item: { name, modules } }));
  const parts: string[] = [];
  for (const placed of squarify(packages, { x: 0, y: 0, width: WIDTH, height: HEIGHT })) {
    const color = hue(placed.item.name);
    parts.push(`<g><title>${escapeHtml(placed.item.name)}: ${kilobytes(placed.value)} in ${placed.item.modules.length} modules</title>` +
      `<rect x="${placed.x.toFixed(1)}" y="${placed.y.toFixed(1)}" width="${placed.width.toFixed(1)}" height="${placed.height.toFixed(1)}" fill="hsl(${color},45%,35%)"/>` +
      `${label(placed.x, placed.y, placed.width, placed.height, `${placed.item.name} ${kilobytes(placed.value)}`, 12)}</g>`);
    const inner = { x: placed.x + 1, y: placed.y + HEADER, width: placed.width - 2, height: placed.height - HEADER - 1 };
    const modules = placed.item.modules.map((module) => ({ value: module.bytes, item: module }));
    for (const cell of squarify(modules, inner)) {
      parts.push(`<g><title>${escapeHtml(cell.item.path)}: ${kilobytes(cell.value)}</title>` +
        `<rect class="module" x="${cell.x.toFixed(1)}" y="${cell.y.toFixed(1)}" width="${cell.width.toFixed(1)}" height="${cell.height.toFixed(1)}" fill="hsl(${color},55%,${60 + (cell.item.path.length % 15)}%)"/>` +
        `${label(cell.x, cell.y, cell.width, cell.height, cell.item.path.split("/").pop() ?? cell.item.path, 10)}</g>`);
    }
  }
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" aria-label="modules of the ${escapeHtml(audit.flavor)} flavor by size">${parts.join("")}</svg>`;
}

function flavorSection(audit: FlavorAudit): string {
  const binaries = audit.binaries.map((binary) => `${binary.target} ${(binary.bytes / 1024 / 1024).toFixed(1)} MB`).join(", ");
  return `<section><h2>${escapeHtml(audit.flavor)}</h2><p>${escapeHtml(audit.description)}</p>
<table><tr><th>features</th><td>${escapeHtml(audit.features.join(", ") || "none")}</td></tr>
<tr><th>user type</th><td>${audit.userType}</td></tr>
<tr><th>JavaScript</th><td>${kilobytes(audit.js.raw)} raw, ${kilobytes(audit.js.gzip)} gzip, ${kilobytes(audit.js.brotli)} brotli, ${audit.js.chunks} chunks</td></tr>
<tr><th>binaries</th><td>${escapeHtml(binaries)}</td></tr>
<tr><th>tools</th><td>${escapeHtml(audit.tools.join(", "))}</td></tr>
<tr><th>leaks</th><td>${audit.leaks.length === 0 ? "none" : escapeHtml(audit.leaks.map((leak) => `${leak.tool} (${leak.where})`).join("; "))}</td></tr></table>
${renderTreemap(audit)}</section>`;
}

/** The whole page. */
export function renderAuditHtml(audit: BuildAudit): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>toolshed bundle audit ${escapeHtml(audit.commit)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;color:#222;background:#fafafa}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{text-align:left;padding:2px 10px 2px 0;vertical-align:top}
svg{background:#fff;border:1px solid #ccc}svg text{fill:#fff;font-family:ui-monospace,monospace;pointer-events:none}
rect{stroke:#fff;stroke-width:.5}rect.module{stroke:rgba(0,0,0,.25)}svg rect.module+text{fill:#111}
section{margin-bottom:3em}
</style></head><body>
<h1>toolshed bundle audit</h1>
<p>commit ${escapeHtml(audit.commit)}, Bun ${escapeHtml(audit.bunVersion)}. Each box is a package; the boxes inside are its modules, sized by the bytes they add to the minified JavaScript. Hover for names and sizes.</p>
${audit.flavors.map(flavorSection).join("\n")}
</body></html>
`;
}
