/**
 * The trusted code installed in each REPL context before the model's code runs. It keeps the one
 * host function (the bridge) in a closure and passes only strings and numbers across, so no host
 * object, and no host Function constructor, is ever reachable from the model's code.
 */

/** Globals removed from the context: ShadowRealm evaluates code with the host's globals in Bun;
 *  WebAssembly, Atomics and SharedArrayBuffer could block the thread outside the timeouts. */
export const REMOVED_GLOBALS: readonly string[] = ["ShadowRealm", "WebAssembly", "Atomics", "SharedArrayBuffer"];

/** Evaluates to `(bridge, toolNames, runKey, removed) => deliver`. Runs in strict mode so no
 *  function's caller or arguments can be walked back to the bridge. */
export const VM_INSTALLER_SOURCE = `(function install(bridge, toolNames, runKey, removed) {
  "use strict";
  const global = globalThis;
  const apply = Reflect.apply, defineProperty = Object.defineProperty, freeze = Object.freeze;
  const stringify = JSON.stringify, then = Promise.prototype.then;
  const PromiseConstructor = Promise, ErrorConstructor = Error, TypeErrorConstructor = TypeError;
  const StringConstructor = String, isArray = Array.isArray, objectToString = Object.prototype.toString;
  for (let index = 0; index < removed.length; index++) delete global[removed[index]];
  const pending = Object.create(null);

  function show(value) {
    try {
      if (typeof value === "string") return value;
      if (typeof value === "function") return "[Function " + (value.name || "anonymous") + "]";
      if (typeof value === "bigint") return StringConstructor(value) + "n";
      if (typeof value === "symbol" || value === null || typeof value !== "object") return StringConstructor(value);
      if (value instanceof ErrorConstructor) return describe(value);
      const seen = [];
      const text = stringify(value, function (key, item) {
        if (typeof item === "bigint") return StringConstructor(item) + "n";
        if (typeof item === "function") return "[Function " + (item.name || "anonymous") + "]";
        if (typeof item === "symbol") return StringConstructor(item);
        if (item === undefined && isArray(this)) return "undefined";
        if (item !== null && typeof item === "object") {
          for (let index = 0; index < seen.length; index++) if (seen[index] === item) return "[Circular]";
          seen[seen.length] = item;
        }
        return item;
      }, 2);
      return typeof text === "string" ? text : apply(objectToString, value, []);
    } catch (error) {
      return "[value that cannot be shown]";
    }
  }

  function describe(error) {
    try {
      if (error !== null && typeof error === "object" && "message" in error) {
        const name = typeof error.name === "string" ? error.name + ": " : "";
        return name + StringConstructor(error.message);
      }
      return show(error);
    } catch (ignored) {
      return "an error that cannot be shown";
    }
  }

  function makeTool(name) {
    const tool = async function (input) {
      const text = stringify(input === undefined ? {} : input);
      if (typeof text !== "string") throw new TypeErrorConstructor(name + " takes one argument: its input object.");
      const id = bridge("call", name, text);
      if (typeof id !== "number") throw new ErrorConstructor("The REPL call has ended; " + name + " was not run.");
      const reply = await new PromiseConstructor((resolve) => { pending[id] = resolve; });
      if (reply[0] !== "1") throw new ErrorConstructor(reply.slice(1));
      return reply.slice(1);
    };
    defineProperty(tool, "name", { value: name });
    return freeze(tool);
  }

  const tools = Object.create(null);
  for (let index = 0; index < toolNames.length; index++) {
    const name = toolNames[index];
    tools[name] = makeTool(name);
    if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && name !== "console" && name !== "tools") {
      defineProperty(global, name, { value: tools[name], writable: true, configurable: true });
    }
  }
  defineProperty(global, "tools", { value: freeze(tools), writable: true, configurable: true });

  function logger(level) {
    return function () {
      let line = "";
      for (let index = 0; index < arguments.length; index++) line += (index === 0 ? "" : " ") + show(arguments[index]);
      bridge("log", level, line);
    };
  }
  defineProperty(global, "console", {
    value: freeze({ log: logger(""), info: logger(""), debug: logger(""), warn: logger("warn: "), error: logger("error: ") }),
    writable: true, configurable: true,
  });

  defineProperty(global, runKey, {
    configurable: true,
    value: function run(body) {
      delete global[runKey];
      let promise;
      try { promise = body(); } catch (error) { bridge("fail", describe(error)); return; }
      apply(then, promise, [
        function (value) { bridge("done", value === undefined ? undefined : show(value)); },
        function (error) { bridge("fail", describe(error)); },
      ]);
    },
  });

  // Called by the host with a string; resolving with a string runs no code of the model's.
  return function deliver(id, ok, text) {
    const resolve = pending[id];
    delete pending[id];
    if (resolve !== undefined) resolve((ok ? "1" : "0") + text);
  };
})`;
