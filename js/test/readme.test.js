// The JavaScript examples of the READMEs, run as written: the first ```js
// block of this package's README.md and of the repository's, each as an
// ES module of its own in a Node process of its own, the package imported
// by its name from this folder. A line that awaits a call and ends in a
// comment that starts with a value (a number, a string, true, false,
// null, an array or an object, where ... stands for what is left out:
// [5, 6, ...], { board: [...], distance: 53 }) must answer that value;
// other comments are words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const readmes = {
  "this package's README.md": new URL("../README.md", import.meta.url),
  "the repository's README.md": new URL("../../README.md", import.meta.url),
};

for (const [name, readme] of Object.entries(readmes)) {
  test(`the JavaScript example of ${name} answers what it says`, { skip: !existsSync(readme) && "not in the repository" }, () => {
    const { module, checks } = checked(firstBlock(readFileSync(readme, "utf8"), "js"));
    assert.ok(checks.length >= 5, `${checks.length} lines checked`);
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", module], { timeout: 120_000, encoding: "utf8" });
    assert.equal(r.signal, null, `the example did not end: ${r.stdout}${r.stderr}`);
    assert.equal(r.status, 0, r.stderr);
    const got = r.stdout.trim().split("\n").map((line) => JSON.parse(line));
    assert.equal(got.length, checks.length, r.stdout);
    for (const [i, value] of got) {
      const { line, want } = checks[i];
      assert.ok(matches(value, want), `${line}\nanswers ${JSON.stringify(value)}`);
    }
  });
}

// firstBlock returns the first code block of text fenced as lang.
function firstBlock(text, lang) {
  const start = text.indexOf("\n```" + lang + "\n");
  assert.ok(start >= 0, `no \`\`\`${lang} block`);
  const body = text.slice(start + lang.length + 5);
  return body.slice(0, body.indexOf("\n```\n"));
}

// checked returns the block as a module that prints [i, value] (JSON, a
// line each) for the value of each statement it checks, checks[i]: the
// statement and the value its comment says. The package is imported from
// this folder.
function checked(block) {
  const out = [], checks = [];
  let statement = [];
  for (const line of block.split("\n")) {
    statement.push(line);
    const end = line.match(/^(.*;)\s*(?:\/\/ (.*))?$/);
    if (!end) continue;
    const code = [...statement.slice(0, -1), end[1]].join("\n");
    const text = statement.join("\n");
    statement = [];
    const want = end[2] === undefined ? undefined : valueOf(end[2]);
    if (want === undefined || !code.startsWith("await ")) {
      out.push(code.replace(/from "slidetable";$/m, `from ${JSON.stringify(new URL("../slidetable.js", import.meta.url).href)};`));
      continue;
    }
    out.push(`console.log(JSON.stringify([${checks.length}, (${code.slice(0, -1)})]));`);
    checks.push({ line: text, want });
  }
  assert.deepEqual(statement.filter((l) => l.trim() !== ""), [], "a statement with no ;");
  return { module: out.join("\n"), checks };
}

// rest stands for what a comment's value leaves out (...).
const rest = Symbol("...");

// valueOf returns the value a comment starts with, or undefined if it
// starts with words.
function valueOf(comment) {
  let lit = comment.match(/^(?:-?\d+(?:\.\d+)?|true|false|null|"[^"]*")/)?.[0];
  if (lit === undefined && (comment[0] === "[" || comment[0] === "{")) {
    let depth = 0, i = 0;
    for (; i < comment.length; i++) {
      if ("[{".includes(comment[i])) depth++;
      if ("]}".includes(comment[i]) && --depth === 0) break;
    }
    lit = comment.slice(0, i + 1);
  }
  if (lit === undefined) return undefined;
  // [5, ...] is [5, rest]; { a: 1, ... } is { a: 1, rest: rest }.
  return new Function("rest", `return (${lit.replaceAll("...", "rest")});`)(rest);
}

// matches reports whether got is the value want: an array or object with
// rest may have more elements or keys than want names.
function matches(got, want) {
  if (want === rest) return true;
  if (Array.isArray(want)) {
    const open = want.at(-1) === rest;
    const named = open ? want.slice(0, -1) : want;
    return Array.isArray(got) && (open ? got.length >= named.length : got.length === named.length) && named.every((w, i) => matches(got[i], w));
  }
  if (want !== null && typeof want === "object") {
    const keys = Object.keys(want).filter((k) => k !== "rest");
    const open = "rest" in want;
    return got !== null && typeof got === "object" && !Array.isArray(got) && (open || Object.keys(got).length === keys.length) &&
      keys.every((k) => k in got && matches(got[k], want[k]));
  }
  return Object.is(got, want);
}
