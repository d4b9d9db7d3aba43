#!/usr/bin/env node
// A language server that reads everything and answers nothing: the client test must fail against it.
process.stdin.on("data", () => {});
process.stdin.on("end", () => process.exit(0));
