/**
 * Finding the binaries: the setting first, then the binary the extension carries,
 * then PATH; the viewer beside the configured server first; a helpful message when
 * nothing is found; and the carried binaries' executable bit restored.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import {
  describe,
  Environment,
  missingMessage,
  resolveServer,
  resolveViewer,
  restoreExecutableBits,
} from "../../src/serverPath";

const CARRIED = "/ext/hexcells-0.1.0/server";

function env(executables: string[], overrides: Partial<Environment> = {}): Environment {
  return {
    pathVariable: "/usr/bin:/opt/hexcells/bin",
    platform: "linux",
    home: "/home/author",
    carriedDir: CARRIED,
    isExecutable: (file) => executables.includes(file),
    ...overrides,
  };
}

test("an empty setting searches PATH in order when the extension carries nothing", () => {
  const found = resolveServer("", env(["/opt/hexcells/bin/hexcells"]));
  assert.deepEqual(found, { kind: "found", command: "/opt/hexcells/bin/hexcells", source: "path" });
  const noCarriedDir = resolveServer("", env(["/usr/bin/hexcells"], { carriedDir: undefined }));
  assert.deepEqual(noCarriedDir, { kind: "found", command: "/usr/bin/hexcells", source: "path" });
});

test("the carried binary comes before PATH", () => {
  const found = resolveServer(undefined, env([`${CARRIED}/hexcells`, "/usr/bin/hexcells"]));
  assert.deepEqual(found, { kind: "found", command: `${CARRIED}/hexcells`, source: "extension" });
});

test("the setting wins over the carried binary and PATH, and expands ~ and ${workspaceFolder}", () => {
  const everywhere = [`${CARRIED}/hexcells`, "/usr/bin/hexcells"];
  const home = resolveServer("~/bin/hexcells", env(["/home/author/bin/hexcells", ...everywhere]));
  assert.deepEqual(home, { kind: "found", command: "/home/author/bin/hexcells", source: "setting" });
  const workspace = resolveServer(
    "${workspaceFolder}/target/debug/hexcells",
    env(["/w/target/debug/hexcells", ...everywhere], { workspaceFolder: "/w" }),
  );
  assert.deepEqual(workspace, { kind: "found", command: "/w/target/debug/hexcells", source: "setting" });
});

test("a setting that points at nothing is reported, not replaced by the carried binary or PATH", () => {
  const missing = resolveServer("/nowhere/hexcells", env([`${CARRIED}/hexcells`, "/usr/bin/hexcells"]));
  assert.equal(missing.kind, "missing");
  if (missing.kind === "missing") {
    assert.equal(missing.fromSetting, true);
    const message = missingMessage(missing);
    assert.match(message, /\/nowhere\/hexcells/);
    assert.match(message, /hexcells\.server\.path/);
  }
});

test("nothing carried and nothing on PATH says how to get a server", () => {
  const missing = resolveServer(undefined, env([]));
  assert.equal(missing.kind, "missing");
  if (missing.kind === "missing") {
    assert.equal(missing.fromSetting, false);
    assert.match(missingMessage(missing), /carries no `hexcells` binary, and none was found on PATH/);
    assert.match(missingMessage(missing), /\.vsix for your platform.*set `hexcells\.server\.path`/);
  }
});

test("the output panel line says where the server comes from", () => {
  assert.match(describe({ kind: "found", command: "/a/hexcells", source: "setting" }), /^\/a\/hexcells \(from the setting hexcells\.server\.path\)$/);
  assert.match(describe({ kind: "found", command: `${CARRIED}/hexcells`, source: "extension" }), /carried by the extension/);
  assert.match(describe({ kind: "found", command: "/usr/bin/hexcells", source: "path" }), /found on PATH/);
});

test("the viewer: beside the configured server, else carried, else PATH", () => {
  const all = ["/opt/x/hexcells", "/opt/x/hexcells-view", `${CARRIED}/hexcells-view`, "/usr/bin/hexcells-view"];
  assert.deepEqual(resolveViewer("/opt/x/hexcells", env(all)), {
    kind: "found",
    command: "/opt/x/hexcells-view",
    source: "setting",
  });
  // A configured server with no viewer beside it: the carried one.
  assert.deepEqual(resolveViewer("/opt/y/hexcells", env(all)), {
    kind: "found",
    command: `${CARRIED}/hexcells-view`,
    source: "extension",
  });
  assert.deepEqual(resolveViewer("", env(all)), { kind: "found", command: `${CARRIED}/hexcells-view`, source: "extension" });
  assert.deepEqual(resolveViewer("", env(["/usr/bin/hexcells-view"])), {
    kind: "found",
    command: "/usr/bin/hexcells-view",
    source: "path",
  });
  assert.equal(resolveViewer("", env([])).kind, "missing");
});

test("Windows looks for .exe files with ; separators, carried ones first", () => {
  const windows = env(["C:\\tools\\hexcells.exe"], { platform: "win32", pathVariable: "C:\\x;C:\\tools", carriedDir: "C:\\ext\\server" });
  assert.deepEqual(resolveServer("", windows), { kind: "found", command: "C:\\tools\\hexcells.exe", source: "path" });
  const carried = env(["C:\\ext\\server\\hexcells.exe", "C:\\tools\\hexcells.exe"], {
    platform: "win32",
    pathVariable: "C:\\x;C:\\tools",
    carriedDir: "C:\\ext\\server",
  });
  assert.deepEqual(resolveServer("", carried), { kind: "found", command: "C:\\ext\\server\\hexcells.exe", source: "extension" });
});

test("carried binaries that lost their executable bit get it back", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hexcells-carried-"));
  try {
    fs.writeFileSync(path.join(dir, "hexcells"), "#!/bin/sh\n", { mode: 0o644 });
    fs.writeFileSync(path.join(dir, "hexcells-view"), "#!/bin/sh\n", { mode: 0o755 });
    assert.deepEqual(restoreExecutableBits(dir, "linux"), [path.join(dir, "hexcells")]);
    assert.equal(fs.statSync(path.join(dir, "hexcells")).mode & 0o111, 0o111);
    assert.deepEqual(restoreExecutableBits(dir, "linux"), []);
    assert.deepEqual(restoreExecutableBits(path.join(dir, "absent"), "linux"), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
