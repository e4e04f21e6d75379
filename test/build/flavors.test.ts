import { afterEach, describe, expect, test } from "bun:test";
import { FEATURES } from "../../src/features.ts";
import { BuildConfigError } from "../../scripts/build/buildErrors.ts";
import { loadFlavors, parseFlavor, selectFlavors } from "../../scripts/build/flavors.ts";
import { createBuildFolder, ROOT } from "./buildTestKit.ts";

const valid = { description: "a test flavor", features: ["KAIROS"], defines: {}, budgets: { jsBytes: 10, binaryBytes: 10 } };
const parse = (content: unknown) => parseFlavor("test", JSON.stringify(content), "flags/test.json");

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BuildConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a BuildConfigError");
}

let folder: ReturnType<typeof createBuildFolder> | undefined;
afterEach(() => folder?.remove());

describe("flavor files", () => {
  test("the committed flavors: public has no feature and the external user type; internal has every feature", () => {
    const flavors = loadFlavors(`${ROOT}/flags`);
    const publicFlavor = flavors.find((flavor) => flavor.name === "public");
    const internal = flavors.find((flavor) => flavor.name === "internal");
    expect(publicFlavor).toMatchObject({ features: [], userType: "external", defines: { "process.env.USER_TYPE": "external" } });
    expect(internal?.features).toEqual([...FEATURES].sort());
    expect(internal?.userType).toBe("internal");
  });

  test("a valid file: the user type defaults to external and is always defined", () => {
    expect(parse(valid)).toMatchObject({ name: "test", features: ["KAIROS"], userType: "external", defines: { "process.env.USER_TYPE": "external" } });
  });

  test("an unknown feature is an error that lists the valid ones", () => {
    const message = messageOf(() => parse({ ...valid, features: ["KAIROS", "KAIROZ"] }));
    expect(message).toContain("flags/test.json");
    expect(message).toContain(`features.1: unknown feature "KAIROZ". The features are: ${FEATURES.join(", ")}`);
  });

  test("missing description or budgets, unknown keys, bad JSON, bad defines and duplicate features are errors", () => {
    expect(messageOf(() => parse({ ...valid, description: "" }))).toContain("description");
    expect(messageOf(() => parse({ ...valid, budgets: undefined }))).toContain("budgets");
    expect(messageOf(() => parse({ ...valid, budgets: { jsBytes: -1, binaryBytes: 1 } }))).toContain("budgets.jsBytes");
    expect(messageOf(() => parse({ ...valid, featurs: [] }))).toContain("featurs");
    expect(messageOf(() => parseFlavor("test", "{ nope", "flags/test.json"))).toContain("not valid JSON");
    expect(messageOf(() => parse({ ...valid, defines: { DEBUG: "1" } }))).toContain("a define must be named process.env.NAME");
    expect(messageOf(() => parse({ ...valid, defines: { "process.env.TOOLSHED_BUILD_COMMIT": "x" } }))).toContain("set by the build itself");
    expect(messageOf(() => parse({ ...valid, defines: { "process.env.USER_TYPE": "admin" } }))).toContain('"admin" is not a user type. The user types are: external, internal');
    expect(messageOf(() => parse({ ...valid, features: ["KAIROS", "KAIROS"] }))).toContain("listed twice: KAIROS");
    expect(messageOf(() => parseFlavor("Bad_Name", JSON.stringify(valid), "flags/Bad_Name.json"))).toContain("lower-case");
  });

  test("a new flavor is a new file and nothing else", () => {
    folder = createBuildFolder({ nightly: { ...valid, features: ["MONITOR_TOOL"] } }, ["public"]);
    expect(loadFlavors(folder.flags).map((flavor) => flavor.name)).toEqual(["nightly", "public"]);
  });

  test("an unknown flavor name is an error that lists the flavors", () => {
    const flavors = loadFlavors(`${ROOT}/flags`);
    expect(messageOf(() => selectFlavors(flavors, ["public", "nightly"]))).toBe(`unknown flavor "nightly". The flavors are: ${flavors.map((flavor) => flavor.name).join(", ")}.`);
    expect(selectFlavors(flavors, []).length).toBe(flavors.length);
  });

  test("a flavor may not take the name of a folder the build writes beside the flavors", () => {
    for (const name of ["release", "npm"]) {
      expect(messageOf(() => parseFlavor(name, JSON.stringify(valid), `flags/${name}.json`))).toBe(`flags/${name}.json: "${name}" is the name of a folder the build writes; call the flavor something else.`);
    }
  });
});
