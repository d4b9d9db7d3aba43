// Unit tests of src/settings.ts: the server's command line, the message when it is missing, the cleaning of hclspec.rules, and hclspec.dynamicBlocks in what the server is sent.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, describe, test } from "node:test";

import { cleanRules, configurationSection, dynamicBlocks, initializationOptions, serverCommand } from "../src/settings";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hclspec-settings-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const executable = path.join(dir, "bin", "hclspec");
fs.mkdirSync(path.dirname(executable));
fs.writeFileSync(executable, "#!/bin/sh\n", { mode: 0o755 });
const plain = path.join(dir, "bin", "not-executable");
fs.writeFileSync(plain, "", { mode: 0o644 });

describe("serverCommand", () => {
  test("a name is looked up on PATH; serve and the user's arguments follow", () => {
    assert.deepEqual(serverCommand({ setting: "hclspec", args: ["--log-file", "/tmp/x"], env: { PATH: `/nowhere:${path.dirname(executable)}` } }), {
      command: executable,
      args: ["serve", "--log-file", "/tmp/x"],
    });
  });
  test("an empty setting means hclspec", () => {
    assert.deepEqual(serverCommand({ setting: " ", env: { PATH: path.dirname(executable) } }), { command: executable, args: ["serve"] });
  });
  test("a relative path is taken from the workspace folder", () => {
    assert.deepEqual(serverCommand({ setting: "bin/hclspec", base: dir, env: {} }), { command: executable, args: ["serve"] });
  });
  test("a missing or non-executable server gives a message naming the setting and what to do", () => {
    for (const lookup of [
      { setting: "hclspec", env: { PATH: "/nowhere" } },
      { setting: plain, env: {} },
      { setting: "bin/missing", base: dir, env: {} },
      { setting: "bin/hclspec", env: {} },
    ]) {
      const found = serverCommand(lookup);
      assert.ok("error" in found, JSON.stringify(lookup));
      assert.match(found.error, /hclspec\.server\.path/);
      assert.match(found.error, /Restart Language Server/);
    }
  });
  test("arguments that are not strings are left out", () => {
    assert.deepEqual(serverCommand({ setting: executable, args: ["-x", 3, null] }), { command: executable, args: ["serve", "-x"] });
  });
});

describe("rules", () => {
  const good = { files: ["jobs/**/*.hcl"], spec: "specs/job.hcldec" };
  test("well-formed rules pass unchanged", () => {
    assert.deepEqual(cleanRules([good]), { rules: [good], problems: [] });
    assert.deepEqual(initializationOptions(undefined, undefined), { rules: [], dynamicBlocks: false });
  });
  test("malformed rules are dropped one by one, each with a reason", () => {
    const { rules, problems } = cleanRules([good, { files: "x", spec: "y" }, { files: ["x"] }, "z", { files: [1], spec: "y" }]);
    assert.deepEqual(rules, [good]);
    assert.equal(problems.length, 4);
    assert.match(problems[0], /hclspec\.rules\[1\]\.files/);
    assert.deepEqual(cleanRules({ files: [] }).problems, ["hclspec.rules must be an array of { files, spec } objects"]);
  });
  test("the pulled section keeps its other settings and gets clean rules", () => {
    assert.deepEqual(configurationSection({ server: { path: "x" }, rules: [good, 1] }), {
      server: { path: "x" },
      rules: [good],
      dynamicBlocks: false,
    });
    assert.equal(configurationSection(null), null);
  });
});

describe("dynamicBlocks", () => {
  const good = { files: ["jobs/**/*.hcl"], spec: "specs/job.hcldec" };
  test("initializationOptions carry hclspec.dynamicBlocks next to the rules", () => {
    assert.deepEqual(initializationOptions([good], true), { rules: [good], dynamicBlocks: true });
    assert.deepEqual(initializationOptions([good], false), { rules: [good], dynamicBlocks: false });
  });
  test("the pulled section keeps the folder's dynamicBlocks", () => {
    const section = { rules: [good], inlayHints: { values: true }, dynamicBlocks: true, trace: { server: "off" } };
    assert.deepEqual(configurationSection(section), section);
    assert.deepEqual(configurationSection({ ...section, dynamicBlocks: false }), { ...section, dynamicBlocks: false });
  });
  test("anything but true is off, as the server reads it", () => {
    for (const setting of [undefined, null, false, "true", 1, {}]) assert.equal(dynamicBlocks(setting), false, JSON.stringify(setting));
    assert.equal(dynamicBlocks(true), true);
    assert.deepEqual(configurationSection({ rules: [], dynamicBlocks: "yes" }), { rules: [], dynamicBlocks: false });
  });
});
