/**
 * The smallest stdio MCP server: JSON-RPC lines on standard input and output, no SDK, five echo
 * tools. The MCP start figure measures toolshed's own cost of starting servers, so its servers
 * start as fast as a server can: Bun's own standard streams, not process.stdin and
 * process.stdout (setting those up costs a Bun process about 20 ms).
 */
const tools = Array.from({ length: 5 }, (_, index) => ({
  name: `echo_${index}`,
  description: "Echoes its text.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  annotations: { readOnlyHint: true },
}));
const send = (message: unknown) => Bun.write(Bun.stdout, `${JSON.stringify({ jsonrpc: "2.0", ...(message as object) })}\n`);
let buffered = "";
const decoder = new TextDecoder();
for await (const chunk of Bun.stdin.stream()) {
  buffered += decoder.decode(chunk, { stream: true });
  for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    if (line.trim() === "") continue;
    const message = JSON.parse(line) as { id?: unknown; method?: string; params?: { protocolVersion?: string; arguments?: { text?: string } } };
    if (message.id === undefined) continue;
    if (message.method === "initialize") await send({ id: message.id, result: { protocolVersion: message.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "tiny", version: "1.0.0" } } });
    else if (message.method === "tools/list") await send({ id: message.id, result: { tools } });
    else if (message.method === "tools/call") await send({ id: message.id, result: { content: [{ type: "text", text: message.params?.arguments?.text ?? "" }] } });
    else if (message.method === "ping") await send({ id: message.id, result: {} });
    else await send({ id: message.id, error: { code: -32601, message: "Method not found" } });
  }
}
export {};
