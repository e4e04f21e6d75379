/** WebAssembly files imported with `{ type: "file" }`: Bun embeds them and gives their path. */
declare module "*.wasm" {
  const path: string;
  export default path;
}
