// Bundles the extension into dist/extension.js (vscode stays external), and the
// unit tests into dist/test/ for `node --test`. `--watch` rebuilds on change.
import * as esbuild from "esbuild";
import * as fs from "node:fs";

const watch = process.argv.includes("--watch");
const production = process.argv.includes("--production");
const common = { minify: production, bundle: true, platform: "node", target: "node18", format: "cjs", sourcemap: true, logLevel: "info" };

const extension = { ...common, entryPoints: ["src/extension.ts"], outfile: "dist/extension.js", external: ["vscode"] };
const tests = {
  ...common,
  entryPoints: fs.readdirSync("test/unit").filter((f) => f.endsWith(".test.ts")).map((f) => `test/unit/${f}`),
  outdir: "dist/test",
  external: ["vscode-textmate", "vscode-oniguruma"],
};

if (watch) {
  for (const options of [extension, tests]) {
    await (await esbuild.context(options)).watch();
  }
} else {
  await Promise.all([esbuild.build(extension), esbuild.build(tests)]);
}
