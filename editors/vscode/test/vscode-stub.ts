// A stand-in for the `vscode` module, enough for vscode-languageclient to compute the capabilities it sends: every name is a callable, constructible no-op.
// The client test bundles vscode-languageclient with `vscode` aliased to this file, so the
// capabilities in its `initialize` are the library's own, not a copy that could drift.

/** The VS Code version the e2e run uses (code-server 4.100.3); vscode-languageclient checks it. */
const version = "1.100.3";

function stub(name: string): unknown {
  const fn = function () {
    return stub(`${name}()`);
  };
  return new Proxy(fn, {
    get(_target, prop) {
      if (prop === Symbol.toPrimitive) return () => name;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === "then") return undefined; // not a promise
      return stub(`${name}.${String(prop)}`);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
  });
}

const root = stub("vscode") as Record<string | symbol, unknown>;
module.exports = new Proxy(
  { version },
  {
    get(target, prop) {
      if (prop === "version") return target.version;
      if (prop === "__esModule") return false;
      return root[prop];
    },
  },
);
