/**
 * The example levels the extension offers: the repository's `tests/levels` (read in
 * place from a checkout), the same files `scripts/dist` copies into the .vsix's
 * `examples/` folder, each titled by its second line.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import { examplesFolder, listExamples, titleOf } from "../../src/examples";

const extensionRoot = path.join(__dirname, "..", "..");
const repoRoot = path.join(extensionRoot, "..", "..");
const levels = path.join(repoRoot, "tests", "levels");

test("from a checkout, the examples are the levels of tests/levels, titled", () => {
  const folder = examplesFolder(extensionRoot);
  assert.equal(folder && path.resolve(folder), path.resolve(levels));
  const examples = listExamples(levels);
  const files = fs.readdirSync(levels).filter((f) => f.endsWith(".hexcells")).sort();
  assert.ok(files.includes("first-steps.hexcells"), files.join(", "));
  assert.deepEqual(
    examples.map((e) => e.label),
    files,
  );
  for (const example of examples) {
    const text = fs.readFileSync(example.file, "utf8");
    assert.ok(text.startsWith("Hexcells level v1"), example.file);
    assert.equal(example.description, text.split("\n")[1].trim());
    assert.notEqual(example.description, "", `${example.label} has a title`);
  }
  // The cli/ folder's files (some broken on purpose) are not offered.
  assert.ok(!examples.some((e) => e.file.includes(`${path.sep}cli${path.sep}`)));
});

test("a packaged extension's examples/ folder comes first", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "hexcells-ext-"));
  try {
    assert.equal(examplesFolder(path.join(root, "a", "b")), undefined, "no examples anywhere");
    const examples = path.join(root, "examples");
    fs.mkdirSync(examples);
    fs.writeFileSync(path.join(examples, "b.hexcells"), "Hexcells level v1\r\n  Second  \r\n");
    fs.writeFileSync(path.join(examples, "a.hexcells"), "Hexcells level v1\nFirst\n");
    fs.writeFileSync(path.join(examples, "notes.txt"), "not a level");
    fs.mkdirSync(path.join(examples, "dir.hexcells"));
    assert.equal(examplesFolder(root), examples);
    assert.deepEqual(
      listExamples(examples).map((e) => [e.label, e.description]),
      [
        ["a.hexcells", "First"],
        ["b.hexcells", "Second"],
      ],
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("scripts/dist copies the example levels into the extension it packages", () => {
  const dist = fs.readFileSync(path.join(repoRoot, "scripts", "dist"), "utf8");
  assert.match(dist, /cp "\$ROOT"\/tests\/levels\/\*\.hexcells "\$EXT\/examples\/"/);
  const ignore = fs.readFileSync(path.join(extensionRoot, ".vscodeignore"), "utf8");
  assert.ok(!/^examples/m.test(ignore), ".vscodeignore leaves examples/ in the .vsix");
});

test("a title is the second line", () => {
  assert.equal(titleOf("Hexcells level v1\nTitle\nAuthor\n"), "Title");
  assert.equal(titleOf("Hexcells level v1"), "");
});
