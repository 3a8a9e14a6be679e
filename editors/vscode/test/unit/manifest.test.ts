/**
 * package.json agrees with the code: every contributed command is registered,
 * every setting the extension reads is contributed, every file it names exists, and
 * its version is the Cargo workspace's (the .vsix carries that version's binaries).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";

const root = path.join(__dirname, "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const source = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");

test("the commands of the brief are contributed and registered", () => {
  const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
  for (const command of ["hexcells.openViewer", "hexcells.solve", "hexcells.openExample"]) {
    assert.ok(contributed.includes(command), `${command} is not contributed`);
  }
  for (const command of contributed) {
    assert.ok(source.includes(`"${command}"`), `${command} is contributed but never registered`);
  }
  const titles = manifest.contributes.commands.map((c: { category: string; title: string }) => `${c.category}: ${c.title}`);
  assert.ok(titles.includes("Hexcells: Open viewer"));
  assert.ok(titles.includes("Hexcells: Show solution steps"));
  assert.ok(titles.includes("Hexcells: Open an example level"));
});

test("every setting the extension reads is contributed", () => {
  const properties = Object.keys(manifest.contributes.configuration.properties);
  const read = [...source.matchAll(/config\.get<[^>]+>\("([^"]+)"/g)].map((m) => `hexcells.${m[1]}`);
  assert.ok(read.length >= 4, "the extension reads its settings");
  for (const key of read) {
    assert.ok(properties.includes(key), `${key} is read but not contributed`);
  }
});

test("languages and grammars point at files that exist", () => {
  const files = [
    ...manifest.contributes.languages.map((l: { configuration: string }) => l.configuration),
    ...manifest.contributes.grammars.map((g: { path: string }) => g.path),
  ];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    assert.doesNotThrow(() => JSON.parse(text), file);
  }
  const hexcells = manifest.contributes.languages.find((l: { id: string }) => l.id === "hexcells");
  assert.deepEqual(hexcells.extensions, [".hexcells"]);
  const sixcells = manifest.contributes.languages.find((l: { id: string }) => l.id === "sixcells");
  assert.deepEqual(sixcells.extensions, [".sixcells"]);
});

test("the word pattern selects whole groups of a grid line", () => {
  const config = JSON.parse(fs.readFileSync(path.join(root, "language-configuration.json"), "utf8"));
  const words = [..."..x.Oc|+..\\n/.o+X.".matchAll(new RegExp(config.wordPattern, "g"))].map((m) => m[0]);
  assert.deepEqual(words, ["x.", "Oc", "|+", "\\n", "/.", "o+", "X."]);
});

test("semantic tokens map onto the grammar's own scopes", () => {
  const grammar = fs.readFileSync(path.join(root, "syntaxes", "hexcells.tmLanguage.json"), "utf8");
  const [mapping] = manifest.contributes.semanticTokenScopes;
  assert.equal(mapping.language, "hexcells");
  // The server's legend: standard types, modifiers revealed / together / apart.
  const types = ["keyword", "string", "comment", "type", "variable", "operator", "number"];
  for (const [selector, scopes] of Object.entries(mapping.scopes as Record<string, string[]>)) {
    const [type, modifier] = selector.split(".");
    assert.ok(types.includes(type), `${selector}: not a token type of the server`);
    assert.ok(modifier === undefined || ["revealed", "together", "apart"].includes(modifier), selector);
    for (const scope of scopes) {
      const stem = scope.replace(/\.hexcells$/, "");
      assert.ok(grammar.includes(stem), `${selector}: ${scope} is no scope of the grammar`);
    }
  }
});

test("the extension's version is the Cargo workspace's", () => {
  const cargo = fs.readFileSync(path.join(root, "..", "..", "Cargo.toml"), "utf8");
  const workspacePackage = cargo.split("[workspace.package]")[1]?.split("\n[")[0] ?? "";
  const version = /^version = "([^"]+)"$/m.exec(workspacePackage)?.[1];
  assert.ok(version, "no version under [workspace.package] in Cargo.toml");
  assert.equal(manifest.version, version, "editors/vscode/package.json and Cargo.toml disagree");
});

test("the preview opens with Markdown's keys, only in a level, and the title-bar button is a setting", () => {
  const keys = manifest.contributes.keybindings.map((k: { command: string; key: string; when: string }) => k);
  const toSide = keys.find((k: { command: string }) => k.command === "hexcells.showPreviewToSide");
  assert.equal(toSide.key, "ctrl+k v");
  assert.match(toSide.when, /editorLangId == hexcells/);
  const setting = manifest.contributes.configuration.properties["hexcells.titleBarButton"];
  assert.deepEqual(setting.enum, ["preview", "viewer"]);
  assert.equal(setting.default, "preview");
  const buttons = manifest.contributes.menus["editor/title"].map((m: { command: string; when: string }) => `${m.command} if ${m.when}`);
  assert.deepEqual(buttons, [
    "hexcells.showPreviewToSide if editorLangId == hexcells && config.hexcells.titleBarButton != viewer",
    "hexcells.openViewer if editorLangId == hexcells && config.hexcells.titleBarButton == viewer",
  ]);
});
