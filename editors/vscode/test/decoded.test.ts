// Unit tests of src/decoded.ts: the decoded preview's text and its URI.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { renderDecoded } from "../src/decoded";

describe("renderDecoded", () => {
  test("a decoded file: its value and type, as hclspec decode --with-type gives them", () => {
    assert.equal(
      renderDecoded({ value: { port: 8080 }, type: ["object", { port: "number" }], diagnostics: [] }),
      '{\n  "value": {\n    "port": 8080\n  },\n  "type": [\n    "object",\n    {\n      "port": "number"\n    }\n  ]\n}\n',
    );
  });
  test("a null value: the type alone, as hcldec leaves out nulls", () => {
    assert.equal(renderDecoded({ value: null, type: "string", diagnostics: [] }), '{\n  "type": "string"\n}\n');
  });
  test("errors: why there is no value, each error's place and summary", () => {
    const text = renderDecoded({
      value: null,
      type: null,
      diagnostics: [
        { range: { start: { line: 1, character: 7 } }, message: "Incorrect attribute value type\nA number is required.", severity: 1 },
        { range: { start: { line: 3, character: 0 } }, message: "a warning", severity: 2 },
      ],
    });
    assert.equal(text, "// Not decoded: 1 error in the file.\n// 2:8: Incorrect attribute value type\n");
  });
});
