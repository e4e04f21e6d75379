#!/bin/sh
# The smallest stdio MCP server, in POSIX sh with builtins only: one JSON-RPC message per line in,
# one per line out, one echo tool. It starts in about a millisecond, so the MCP start figure is
# toolshed's own cost of starting servers, not a runtime's boot. It reads the compact JSON a
# client writes (no space after a colon) and answers initialize, tools/list and ping; any other
# request gets "Method not found", and notifications (no "id") get nothing.
while IFS= read -r line; do
  case $line in
    *'"id":'*) ;;
    *) continue ;;
  esac
  id=${line#*\"id\":}
  id=${id%%[,\}]*}
  case $line in
    *'"method":"initialize"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"tiny","version":"1.0.0"}}}\n' "$id" ;;
    *'"method":"tools/list"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"echo","description":"Echoes its text.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]},"annotations":{"readOnlyHint":true}}]}}\n' "$id" ;;
    *'"method":"ping"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
    *)
      printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done
