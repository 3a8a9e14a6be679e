/** Finding the `hexcells` binary: setting first, then PATH, and a helpful message when missing. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Environment, missingMessage, resolveServer } from "../../src/serverPath";

function env(executables: string[], overrides: Partial<Environment> = {}): Environment {
  return {
    pathVariable: "/usr/bin:/opt/hexcells/bin",
    platform: "linux",
    home: "/home/author",
    isExecutable: (file) => executables.includes(file),
    ...overrides,
  };
}

test("an empty setting searches PATH in order", () => {
  const found = resolveServer("", env(["/opt/hexcells/bin/hexcells"]));
  assert.deepEqual(found, { kind: "found", command: "/opt/hexcells/bin/hexcells" });
});

test("the setting wins over PATH and expands ~ and ${workspaceFolder}", () => {
  const home = resolveServer("~/bin/hexcells", env(["/home/author/bin/hexcells", "/usr/bin/hexcells"]));
  assert.deepEqual(home, { kind: "found", command: "/home/author/bin/hexcells" });
  const workspace = resolveServer(
    "${workspaceFolder}/target/debug/hexcells",
    env(["/w/target/debug/hexcells"], { workspaceFolder: "/w" }),
  );
  assert.deepEqual(workspace, { kind: "found", command: "/w/target/debug/hexcells" });
});

test("a setting that points at nothing is reported, not replaced by PATH", () => {
  const missing = resolveServer("/nowhere/hexcells", env(["/usr/bin/hexcells"]));
  assert.equal(missing.kind, "missing");
  if (missing.kind === "missing") {
    assert.equal(missing.fromSetting, true);
    const message = missingMessage(missing);
    assert.match(message, /\/nowhere\/hexcells/);
    assert.match(message, /hexcells\.server\.path/);
  }
});

test("nothing on PATH says how to set the path", () => {
  const missing = resolveServer(undefined, env([]));
  assert.equal(missing.kind, "missing");
  if (missing.kind === "missing") {
    assert.equal(missing.fromSetting, false);
    assert.match(missingMessage(missing), /was found on PATH.*set `hexcells\.server\.path`/);
  }
});

test("Windows looks for hexcells.exe with ; separators", () => {
  const windows = env(["C:\\tools\\hexcells.exe"], { platform: "win32", pathVariable: "C:\\x;C:\\tools" });
  assert.deepEqual(resolveServer("", windows), { kind: "found", command: "C:\\tools\\hexcells.exe" });
});
