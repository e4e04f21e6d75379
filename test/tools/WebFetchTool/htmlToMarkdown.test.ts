/** HTML to Markdown: what a reader keeps of a page, and what it drops. */
import { describe, expect, test } from "bun:test";
import { htmlToMarkdown, MAX_PARSE_DEPTH } from "../../../src/tools/WebFetchTool/htmlToMarkdown.ts";
import { MAX_RENDER_DEPTH } from "../../../src/tools/WebFetchTool/renderMarkdown.ts";

describe("htmlToMarkdown", () => {
  test("headings, paragraphs, emphasis, links made absolute, images, line breaks", async () => {
    const markdown = await htmlToMarkdown(
      `<h2>Hello &amp; welcome</h2><p>Some <b>bold</b>, <em>soft</em> and <a href="/x?y=1">a link</a>.<br>Next line <img src="i.png" alt="pic"></p>`,
      "https://example.com/docs/page",
    );
    expect(markdown).toBe("## Hello & welcome\n\nSome **bold**, *soft* and [a link](https://example.com/x?y=1).\nNext line ![pic](https://example.com/docs/i.png)");
  });

  test("scripts, styles, navigation, hidden elements and form controls are dropped; the title heads a page without an h1", async () => {
    const markdown = await htmlToMarkdown(`<html><head><title>The page</title><style>p{}</style><script>alert(1)</script></head><body>
      <nav><a href="/">Home</a></nav><div role="navigation">Menu</div><p hidden>hidden</p><span aria-hidden="true">icon</span>
      <noscript>enable js</noscript><form><input value="x"><button>Go</button>Label</form><p>Kept</p></body></html>`);
    expect(markdown).toBe("# The page\n\nLabel\n\nKept");
  });

  test("lists (nested, ordered with a start), code blocks with their language, quotes and tables", async () => {
    const markdown = await htmlToMarkdown(`<ul><li>one</li><li>two<ul><li>deep <code>x</code></li></ul></li></ul>
      <ol start="3"><li>three</li><li>four</li></ol>
      <pre><code class="language-ts">const a = 1 &lt; 2;
const b = "\`\`\`";</code></pre>
      <blockquote><p>said</p><p>again</p></blockquote>
      <table><thead><tr><th>name</th><th>a|b</th></tr></thead><tbody><tr><td>x</td><td>1</td></tr><tr><td>y</td></tr></tbody></table>`);
    expect(markdown).toBe([
      "- one\n- two\n  - deep `x`",
      "3. three\n4. four",
      '````ts\nconst a = 1 < 2;\nconst b = "```";\n````',
      "> said\n>\n> again",
      "| name | a\\|b |\n| --- | --- |\n| x | 1 |\n| y |  |",
    ].join("\n\n"));
  });

  test("javascript: links and in-page anchors keep only their text; <base href> moves relative links", async () => {
    const markdown = await htmlToMarkdown(`<head><base href="https://cdn.example/"></head><p><a href="javascript:alert(1)">bad</a> <a href="#top">top</a> <a href="img/a">rel</a></p>`, "https://example.com/");
    expect(markdown).toBe("bad top [rel](https://cdn.example/img/a)");
  });

  test("nesting deeper than the renderer goes is read as text, without exhausting the stack", async () => {
    const depth = MAX_RENDER_DEPTH * 2;
    const markdown = await htmlToMarkdown(`${"<div><b>".repeat(depth)}deep &amp; text${"</b></div>".repeat(depth)}`);
    expect(markdown).toBe("**deep & text**");
  });

  test("a page nested deeper than the parser allows is read as plain text, fast", async () => {
    const started = performance.now();
    const markdown = await htmlToMarkdown(`<p>before</p>${"<div>".repeat(MAX_PARSE_DEPTH * 200)}deep &lt;text&gt;<script>no()</script>`);
    expect(markdown).toBe("before deep <text>");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
