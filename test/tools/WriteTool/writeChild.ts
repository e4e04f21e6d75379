/** A child process for the crash test: reads a file, then writes a large new content with Write. */
import { getAllBaseTools } from "../../../src/tools.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

const [path, sizeText] = process.argv.slice(2);
if (path === undefined || sizeText === undefined) throw new Error("usage: writeChild.ts <path> <bytes>");
const folder = path.slice(0, path.lastIndexOf("/"));
const context = await createTestContext({ tools: getAllBaseTools(), cwd: folder, allow: ["Read", "Write"] });
await callTool(context, "Read", { file_path: path });
const result = await callTool(context, "Write", { file_path: path, content: "n".repeat(Number(sizeText)) });
console.log(result.text);
