// What `import "toolshed"` loads outside Bun (Node, Deno, a bundler for browsers): the library
// uses Bun's APIs throughout, so it says so at once instead of failing somewhere deeper.
throw new Error(
  "toolshed's library runs on Bun (https://bun.sh), not here. From Node or any other runtime, " +
    "use toolshed through its MCP server instead: run `toolshed mcp serve` and connect to it as an MCP client.",
);
