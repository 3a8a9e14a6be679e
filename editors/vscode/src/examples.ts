/**
 * The example levels the extension offers ("Hexcells: Open an example level"): the
 * levels of the repository's `tests/levels` (each shows one rule of the game), which
 * `scripts/dist` copies into the extension's `examples/` folder so the .vsix carries
 * them. Run from a checkout, the extension reads them from the repository instead.
 *
 * Plain Node code (no `vscode` import), so `node --test` covers it.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** One example level, as the quick pick shows it. */
export interface Example {
  /** The file name, e.g. `first-steps.hexcells`. */
  label: string;
  /** The level's title (its second line). */
  description: string;
  /** The file's absolute path. */
  file: string;
}

/**
 * The folder the examples come from: the extension's own `examples/` (the .vsix), else
 * the repository's `tests/levels` two folders up (a checkout); undefined when neither
 * holds a level.
 */
export function examplesFolder(extensionRoot: string): string | undefined {
  const candidates = [
    path.join(extensionRoot, "examples"),
    path.join(extensionRoot, "..", "..", "tests", "levels"),
  ];
  return candidates.find((dir) => listExamples(dir).length > 0);
}

/** The `*.hexcells` levels directly in `dir` (not in its subfolders), by name. */
export function listExamples(dir: string): Example[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".hexcells"))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      return { label: name, description: titleOf(readOrEmpty(file)), file };
    })
    .filter((example) => fs.statSync(example.file).isFile());
}

/** A level's title: its second line, trimmed (empty for a text without one). */
export function titleOf(text: string): string {
  return (text.split(/\r?\n/)[1] ?? "").trim();
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
