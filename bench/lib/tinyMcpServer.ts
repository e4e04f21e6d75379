/**
 * The smallest stdio MCP server: JSON-RPC lines on standard input and output, no SDK, five echo
 * tools. The MCP start figure measures toolshed's own cost of starting servers, so its servers
 * start as fast as a server can.
 */
const tools = Array.from({ length: 5 }, (_, index) => ({
  name: `echo_${index}`,
  description: "Echoes its text.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  annotations: { readOnlyHint: true },
}));

function answer(id: unknown, result: unknown): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);
}

let buffered = "";
process.stdin.on("data", (chunk) => {
  buffered += chunk.toString();
  for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    if (line.trim() === "") continue;
    const message = JSON.parse(line) as { id?: unknown; method?: string; params?: { protocolVersion?: string; arguments?: { text?: string } } };
    if (message.id === undefined) continue;
    if (message.method === "initialize") answer(message.id, { protocolVersion: message.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "tiny", version: "1.0.0" } });
    else if (message.method === "tools/list") answer(message.id, { tools });
    else if (message.method === "tools/call") answer(message.id, { content: [{ type: "text", text: message.params?.arguments?.text ?? "" }] });
    else if (message.method === "ping") answer(message.id, {});
    else process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`);
  }
});
