/**
 * Finds the binaries the extension runs, in this order: the `hexcells.server.path`
 * setting when set, else the binary the extension carries (`server/` inside the
 * platform's .vsix that `scripts/dist` builds), else the first one on `PATH`. The
 * viewer, `hexcells-view`, is looked for beside the configured server first, then
 * the same way.
 *
 * Plain Node code (no `vscode` import), so `node --test` covers it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Where a binary was found: the setting, inside the extension, or on PATH. */
export type Source = "setting" | "extension" | "path";

/** Where the binary was looked for, and what was found. */
export type Resolution =
  | { kind: "found"; command: string; source: Source }
  | { kind: "missing"; searched: string; fromSetting: boolean };

/** What the lookup needs from the environment (injected so tests control it). */
export interface Environment {
  /** The `PATH` variable. */
  pathVariable: string;
  /** `process.platform`. */
  platform: NodeJS.Platform;
  /** The user's home folder, for `~/` in the setting. */
  home: string;
  /** The first workspace folder, for `${workspaceFolder}` in the setting. */
  workspaceFolder?: string;
  /** The folder of the binaries the extension carries (`<extension>/server`). */
  carriedDir?: string;
  /** Whether `file` is an executable file. */
  isExecutable(file: string): boolean;
}

/** The file name of `program` (`hexcells`, `hexcells-view`) on this platform. */
export function executableName(program: string, platform: NodeJS.Platform): string {
  return platform === "win32" ? `${program}.exe` : program;
}

/** The name of the server binary on this platform. */
export function binaryName(platform: NodeJS.Platform): string {
  return executableName("hexcells", platform);
}

/** Expands `~/` and `${workspaceFolder}` in a configured path. */
export function expandSetting(setting: string, env: Environment): string {
  let expanded = setting.trim();
  if (expanded === "~" || expanded.startsWith("~/")) {
    expanded = path.join(env.home, expanded.slice(1));
  }
  if (env.workspaceFolder !== undefined) {
    expanded = expanded.split("${workspaceFolder}").join(env.workspaceFolder);
  }
  return expanded;
}

function paths(env: Environment): typeof path.posix {
  return env.platform === "win32" ? path.win32 : path.posix;
}

/** `program` inside the extension, then on PATH. */
function carriedOrOnPath(program: string, env: Environment): Resolution {
  const name = executableName(program, env.platform);
  const p = paths(env);
  if (env.carriedDir !== undefined) {
    const carried = p.join(env.carriedDir, name);
    if (env.isExecutable(carried)) {
      return { kind: "found", command: carried, source: "extension" };
    }
  }
  for (const dir of env.pathVariable.split(p.delimiter)) {
    if (dir === "") {
      continue;
    }
    const candidate = p.join(dir, name);
    if (env.isExecutable(candidate)) {
      return { kind: "found", command: candidate, source: "path" };
    }
  }
  return { kind: "missing", searched: `${name} on PATH`, fromSetting: false };
}

/**
 * Resolves the server binary from the setting (may be empty) and the environment. A
 * setting that points at nothing is reported, never replaced by another binary.
 */
export function resolveServer(setting: string | undefined, env: Environment): Resolution {
  const configured = setting === undefined ? "" : expandSetting(setting, env);
  if (configured !== "") {
    return env.isExecutable(configured)
      ? { kind: "found", command: configured, source: "setting" }
      : { kind: "missing", searched: configured, fromSetting: true };
  }
  return carriedOrOnPath("hexcells", env);
}

/**
 * Resolves `hexcells-view`: beside the server the setting names, else the one the
 * extension carries, else on PATH.
 */
export function resolveViewer(serverSetting: string | undefined, env: Environment): Resolution {
  const configured = serverSetting === undefined ? "" : expandSetting(serverSetting, env);
  if (configured !== "") {
    const p = paths(env);
    const beside = p.join(p.dirname(configured), executableName("hexcells-view", env.platform));
    if (env.isExecutable(beside)) {
      return { kind: "found", command: beside, source: "setting" };
    }
  }
  return carriedOrOnPath("hexcells-view", env);
}

/** Says which binary runs, for the output panel. */
export function describe(resolution: Extract<Resolution, { kind: "found" }>): string {
  switch (resolution.source) {
    case "setting":
      return `${resolution.command} (from the setting hexcells.server.path)`;
    case "extension":
      return `${resolution.command} (carried by the extension; hexcells.server.path is empty)`;
    case "path":
      return `${resolution.command} (found on PATH; hexcells.server.path is empty and the extension carries none)`;
  }
}

/** The message shown when the binary is missing: what was searched and how to fix it. */
export function missingMessage(resolution: Extract<Resolution, { kind: "missing" }>): string {
  const where = resolution.fromSetting
    ? `\`hexcells.server.path\` points at ${resolution.searched}, which is not an executable file`
    : "this copy of the extension carries no `hexcells` binary, and none was found on PATH";
  return (
    `Hexcells: the language server cannot start: ${where}. ` +
    "Install the extension's .vsix for your platform (it carries the server), " +
    "or set `hexcells.server.path` to the full path of a `hexcells` binary."
  );
}

/**
 * Makes the binaries in `dir` executable where they lost the permission on the way
 * (a .vsix is a zip file); returns the ones it changed. Nothing happens on Windows or
 * when `dir` does not exist.
 */
export function restoreExecutableBits(dir: string, platform: NodeJS.Platform = process.platform): string[] {
  if (platform === "win32" || !fs.existsSync(dir)) {
    return [];
  }
  const changed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file);
    if (stat.isFile() && (stat.mode & 0o111) === 0) {
      fs.chmodSync(file, stat.mode | 0o755);
      changed.push(file);
    }
  }
  return changed;
}

/** The real environment of this process. */
export function processEnvironment(workspaceFolder?: string, carriedDir?: string): Environment {
  return {
    pathVariable: process.env.PATH ?? "",
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder,
    carriedDir,
    isExecutable(file: string): boolean {
      try {
        const stat = fs.statSync(file);
        if (!stat.isFile()) {
          return false;
        }
        if (process.platform !== "win32") {
          fs.accessSync(file, fs.constants.X_OK);
        }
        return true;
      } catch {
        return false;
      }
    },
  };
}
