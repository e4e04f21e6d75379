/**
 * The real shell parser: tree-sitter's bash grammar running on web-tree-sitter. Both WebAssembly
 * files are imported as files, so `bun build --compile` embeds them in the binary.
 * Loading takes tens of milliseconds, so it happens on first use and never at start-up.
 */
import type { Node, Parser, Tree } from "web-tree-sitter";
import runtimeWasmPath from "web-tree-sitter/tree-sitter.wasm" with { type: "file" };
import bashWasmPath from "@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm" with { type: "file" };

export type ShellNode = Node;

let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/** Loads the parser once; later calls return the same promise. */
export function initShellParser(): Promise<void> {
  loading ??= (async () => {
    const { Parser: ParserClass, Language } = await import("web-tree-sitter");
    const runtime = new Uint8Array(await Bun.file(runtimeWasmPath).arrayBuffer());
    await ParserClass.init({ wasmBinary: runtime });
    const bash = await Language.load(new Uint8Array(await Bun.file(bashWasmPath).arrayBuffer()));
    const instance = new ParserClass();
    instance.setLanguage(bash);
    parser = instance;
  })();
  return loading;
}

/** True once `initShellParser` has finished. */
export function isShellParserReady(): boolean {
  return parser !== undefined;
}

/** How long one parse may take: some runs of tokens (`)))...`) make the grammar's time grow with their square. */
export const MAX_PARSE_MS = 200;

/** The parse of a command was given up at MAX_PARSE_MS. */
export class ShellParseTimeout extends Error {
  constructor() {
    super(`the shell parser took more than ${MAX_PARSE_MS} ms over it`);
  }
}

/**
 * Parses `command` into a syntax tree and hands its root to `use`; the tree is freed afterwards.
 * Throws ShellParseTimeout when the parse takes longer than MAX_PARSE_MS, and an error when the
 * parser is not loaded yet (call `initShellParser` first).
 */
export function withShellTree<Result>(command: string, use: (root: ShellNode) => Result): Result {
  if (parser === undefined) throw new Error("the shell parser is not loaded; await initShellParser() first");
  const deadline = performance.now() + MAX_PARSE_MS;
  let late = false;
  const tree: Tree | null = parser.parse(command, null, { progressCallback: () => (late = performance.now() > deadline) });
  if (tree === null) {
    // A halted parse would otherwise be resumed by the next call, whatever its text.
    parser.reset();
    if (late) throw new ShellParseTimeout();
    throw new Error("the shell parser returned no tree");
  }
  try {
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}
