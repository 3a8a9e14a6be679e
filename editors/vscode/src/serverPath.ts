/**
 * Finds the `hexcells` binary that runs the language server: the
 * `hexcells.server.path` setting when set, else the first `hexcells` on `PATH`.
 *
 * Plain Node code (no `vscode` import), so `node --test` covers it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Where the binary was looked for, and what was found. */
export type Resolution =
  | { kind: "found"; command: string }
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
  /** Whether `file` is an executable file. */
  isExecutable(file: string): boolean;
}

/** The name of the binary on this platform. */
export function binaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "hexcells.exe" : "hexcells";
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

/** Resolves the server binary from the setting (may be empty) and the environment. */
export function resolveServer(setting: string | undefined, env: Environment): Resolution {
  const configured = setting === undefined ? "" : expandSetting(setting, env);
  if (configured !== "") {
    return env.isExecutable(configured)
      ? { kind: "found", command: configured }
      : { kind: "missing", searched: configured, fromSetting: true };
  }
  const name = binaryName(env.platform);
  const paths = env.platform === "win32" ? path.win32 : path.posix;
  for (const dir of env.pathVariable.split(paths.delimiter)) {
    if (dir === "") {
      continue;
    }
    const candidate = paths.join(dir, name);
    if (env.isExecutable(candidate)) {
      return { kind: "found", command: candidate };
    }
  }
  return { kind: "missing", searched: `${name} on PATH`, fromSetting: false };
}

/** The message shown when the binary is missing: what was searched and how to fix it. */
export function missingMessage(resolution: Extract<Resolution, { kind: "missing" }>): string {
  const where = resolution.fromSetting
    ? `\`hexcells.server.path\` points at ${resolution.searched}, which is not an executable file`
    : "no `hexcells` binary was found on PATH";
  return (
    `Hexcells: the language server cannot start: ${where}. ` +
    "Build it with `cargo install --path server` in the hexcells repository, " +
    "or set `hexcells.server.path` to the full path of the `hexcells` binary."
  );
}

/** The real environment of this process. */
export function processEnvironment(workspaceFolder?: string): Environment {
  return {
    pathVariable: process.env.PATH ?? "",
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder,
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
