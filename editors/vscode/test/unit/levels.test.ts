/**
 * The TextMate grammar on whole levels: the project's own (tests/levels,
 * tests/fixtures, test/grammar) and, when present, the shared corpus of real levels
 * (read in place, never copied). Every group of a grid line must get the scope its
 * characters call for, and the project's levels must have no invalid tokens.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test, type TestContext } from "node:test";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

const extensionRoot = path.join(__dirname, "..", "..");
const repoRoot = path.join(extensionRoot, "..", "..");

async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => {
      const file = path.join(extensionRoot, "syntaxes", "hexcells.tmLanguage.json");
      return textmate.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.hexcells");
  assert.ok(grammar, "the grammar loads");
  return grammar;
}

const grammarPromise = loadGrammar();

/** The scopes of each character of each line. */
async function scopesOf(text: string): Promise<string[][][]> {
  const grammar = await grammarPromise;
  let stack = textmate.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    const perChar: string[][] = [];
    for (const token of result.tokens) {
      for (let i = token.startIndex; i < Math.min(token.endIndex, line.length); i++) {
        perChar[i] = token.scopes;
      }
    }
    return perChar;
  });
}

const itemScope: Record<string, string> = {
  x: "keyword.other.cell.blue.hidden.hexcells",
  X: "variable.other.constant.cell.blue.revealed.hexcells",
  o: "support.type.cell.black.hidden.hexcells",
  O: "entity.name.function.cell.black.revealed.hexcells",
  "\\": "keyword.control.column.down-right.hexcells",
  "|": "keyword.control.column.down.hexcells",
  "/": "keyword.control.column.down-left.hexcells",
};
const hintScope: Record<string, string> = {
  "+": "constant.numeric.number.hexcells",
  c: "constant.numeric.number.together.hexcells",
  n: "constant.numeric.number.apart.hexcells",
  ".": "punctuation.definition.no-number.hexcells",
};
const GRID_LINE = /^([ \t]*)((?:[.oOxX\\|/][.+cn])+)[ \t]*$/;

/** Problems of one level text: groups with the wrong scope, and invalid tokens. */
async function problems(text: string): Promise<{ wrong: string[]; invalid: string[] }> {
  const lines = text.split(/\r?\n/);
  const scopes = await scopesOf(text);
  const wrong: string[] = [];
  const invalid: string[] = [];
  lines.forEach((line, lineIdx) => {
    scopes[lineIdx].forEach((s, col) => {
      if (s.some((scope) => scope.startsWith("invalid."))) {
        invalid.push(`${lineIdx + 1}:${col + 1}`);
      }
    });
    const grid = GRID_LINE.exec(line);
    // A header line of dots is custom text, whatever it looks like.
    if (grid === null || (lineIdx < 5 && !/[^.\s]/.test(line))) {
      return;
    }
    const indent = grid[1].length;
    for (let col = indent; col + 1 < indent + grid[2].length; col += 2) {
      const [item, hint] = [line[col], line[col + 1]];
      const expected = item === "." ? ["comment.empty.hexcells", "comment.empty.hexcells"] : [itemScope[item], hintScope[hint]];
      for (const k of [0, 1]) {
        if (!scopes[lineIdx][col + k]?.includes(expected[k])) {
          wrong.push(`${lineIdx + 1}:${col + k + 1} '${line[col + k]}' has ${scopes[lineIdx][col + k]?.at(-1)}`);
        }
      }
    }
  });
  return { wrong, invalid };
}

function levelFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? levelFiles(file) : entry.name.endsWith(".hexcells") ? [file] : [];
  });
}

test("the project's own levels: right scopes, nothing invalid, header read by position", async () => {
  // tests/levels/cli holds the examples of docs/cli.md, some broken on purpose.
  const docExamples = path.join(repoRoot, "tests", "levels", "cli");
  const files = [
    ...levelFiles(path.join(repoRoot, "tests", "levels")).filter((f) => !f.startsWith(docExamples + path.sep)),
    ...levelFiles(path.join(repoRoot, "tests", "fixtures", "nvim")),
    ...levelFiles(path.join(extensionRoot, "test", "grammar")).filter((f) => f.endsWith(".level.hexcells")),
  ];
  assert.ok(files.length >= 3, `found only ${files.length} levels`);
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const { wrong, invalid } = await problems(text);
    assert.deepEqual(wrong, [], `${file}: groups with the wrong scope`);
    assert.deepEqual(invalid, [], `${file}: invalid tokens`);
    const scopes = await scopesOf(text);
    assert.ok(scopes[0][0].includes("keyword.other.magic.hexcells"), `${file}: magic line`);
    if (text.split("\n")[1].length > 0) {
      assert.ok(scopes[1][0].includes("entity.name.section.title.hexcells"), `${file}: title`);
    }
  }
});

test("a broken grid line is marked invalid where it breaks", async () => {
  const level = ["Hexcells level v1", "t", "a", "", "", "..x.?+o.", "..x"].join("\n");
  const { invalid } = await problems(level);
  assert.deepEqual(invalid, ["6:5", "6:6", "7:3"]);
});

test("the shared corpus: every grid group gets its scope", async (t) => {
  const corpus = path.join(repoRoot, "..", "shared", "corpus", "levels");
  if (!fs.existsSync(corpus)) {
    skip(t, `corpus not found at ${corpus}`);
    return;
  }
  const files = levelFiles(corpus);
  const failures: string[] = [];
  for (const file of files) {
    const { wrong } = await problems(fs.readFileSync(file, "utf8"));
    if (wrong.length > 0) {
      failures.push(`${path.relative(corpus, file)}: ${wrong.slice(0, 3).join(", ")}`);
    }
  }
  console.log(`grammar: ${files.length} corpus levels, ${failures.length} with mis-scoped groups`);
  assert.deepEqual(failures, []);
});

/**
 * Reports a skipped test where it is seen: node's test output, and the file that
 * `scripts/test` names in HEXCELLS_SKIPPED_LOG and lists at the end of its run.
 */
function skip(t: TestContext, why: string): void {
  t.diagnostic(`skipped: ${why}`);
  console.log(`skipped: ${why}`);
  const log = process.env.HEXCELLS_SKIPPED_LOG;
  if (log) {
    fs.appendFileSync(log, `vscode-extension::${t.name}: ${why}\n`);
  }
}
