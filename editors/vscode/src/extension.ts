/**
 * The Hexcells extension: starts `hexcells lsp` for `.hexcells` (and `.sixcells`)
 * files (the binary from the setting, the one the extension carries, or PATH: see
 * serverPath.ts) and adds the commands "Hexcells: Open Preview (to the Side)" (the served
 * page in a webview panel, preview.ts), "Hexcells: Open viewer" and "Hexcells: Show solution
 * steps". Everything else (diagnostics, hovers, code actions, semantic tokens, code
 * lenses) comes from the server through vscode-languageclient.
 */
import { execFile, spawn } from "node:child_process";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  ErrorHandler,
  ExecuteCommandOptions,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RegistrationData,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";
import {
  describe,
  Environment,
  missingMessage,
  processEnvironment,
  resolveServer,
  resolveViewer,
  restoreExecutableBits,
} from "./serverPath";
import { examplesFolder, listExamples } from "./examples";
import { stepsMarkdown } from "./steps";
import { PreviewPanel } from "./preview";

/**
 * The client, with its error pop-ups turned into log lines: the extension reports a
 * server that cannot start itself, once, with the setting to fix
 * ([reportStartProblem]); vscode-languageclient would add its own notification.
 */
class HexcellsClient extends LanguageClient {
  override error(message: string, data?: unknown, _showNotification?: boolean | "force"): void {
    super.error(message, data, false);
  }
}

/** Commands the extension registers itself (the server may offer them too). */
const OPEN_VIEWER = "hexcells.openViewer";
const SOLVE = "hexcells.solve";
const RESTART = "hexcells.restartServer";
const OPEN_EXAMPLE = "hexcells.openExample";
/** The server's command that starts the served page (`{"url"}`); the panel shows it. */
const OPEN_PREVIEW = "hexcells.openPreview";
const SHOW_PREVIEW = "hexcells.showPreview";
const SHOW_PREVIEW_TO_SIDE = "hexcells.showPreviewToSide";
const OWN_COMMANDS = new Set([OPEN_VIEWER, SOLVE, RESTART, OPEN_EXAMPLE, OPEN_PREVIEW, SHOW_PREVIEW, SHOW_PREVIEW_TO_SIDE]);

let client: HexcellsClient | undefined;
/** The preview panel, while it is open. */
let preview: PreviewPanel | undefined;
let output: vscode.OutputChannel | undefined;
/** The folder of the binaries this extension carries (`server/`; absent in a build without them). */
let carriedDir: string | undefined;

/** Where binaries are looked for: the workspace folder (for the setting) and the extension's own. */
function environment(): Environment {
  return processEnvironment(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, carriedDir);
}

/** Called by VS Code when a Hexcells file is opened or a command is run. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("Hexcells");
  carriedDir = context.asAbsolutePath("server");
  try {
    for (const file of restoreExecutableBits(carriedDir)) {
      output.appendLine(`made ${file} executable again`);
    }
  } catch (error) {
    output.appendLine(`cannot make the binaries in ${carriedDir} executable: ${String(error)}`);
  }
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand(OPEN_VIEWER, (uri?: unknown) => openViewer(uri)),
    vscode.commands.registerCommand(SOLVE, (uri?: unknown) => showSteps(uri)),
    vscode.commands.registerCommand(RESTART, () => restart()),
    vscode.commands.registerCommand(OPEN_EXAMPLE, () => openExample(context.extensionPath)),
    vscode.commands.registerCommand(SHOW_PREVIEW, (uri?: unknown) => showPreview(uri, false)),
    vscode.commands.registerCommand(SHOW_PREVIEW_TO_SIDE, (uri?: unknown) => showPreview(uri, true)),
    { dispose: () => preview?.dispose() },
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      const document = editor?.document;
      if (preview !== undefined && document?.languageId === "hexcells") {
        void preview.follow(document.uri).catch((error) => output?.appendLine(`preview: ${String(error)}`));
      }
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("hexcells.server")) {
        void restart();
      }
    }),
  );
  await start();
}

/** Called by VS Code on shutdown. */
export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration("hexcells");
  const resolution = resolveServer(config.get<string>("server.path"), environment());
  if (resolution.kind === "missing") {
    reportStartProblem(missingMessage(resolution));
    return;
  }
  const args = ["lsp", ...config.get<string[]>("server.extraArgs", [])];
  output?.appendLine(`language server: ${describe(resolution)}`);
  const serverOptions: ServerOptions = {
    command: resolution.command,
    args,
    transport: TransportKind.stdio,
  };
  const session = { running: false };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "hexcells" },
      { scheme: "untitled", language: "hexcells" },
      { scheme: "file", language: "sixcells" },
    ],
    synchronize: { configurationSection: "hexcells" },
    initializationOptions: serverSettings(config),
    outputChannel: output,
    // The extension says what went wrong itself, once: no pop-ups from the client.
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationFailedHandler: () => false,
    errorHandler: errorHandler(session),
  };
  const next = new HexcellsClient("hexcells", "Hexcells language server", serverOptions, clientOptions);
  keepOwnCommands(next);
  client = next;
  try {
    await next.start();
    session.running = true;
    output?.appendLine(`started ${resolution.command} ${args.join(" ")}`);
  } catch (error) {
    if (client === next) {
      client = undefined;
    }
    const reason = error instanceof Error ? error.message : String(error);
    reportStartProblem(
      `Hexcells: \`${resolution.command} lsp\` did not start (${reason}). ` +
        "Check `hexcells.server.path` in Settings, and the Hexcells output panel for what the server said.",
    );
  }
}

/**
 * Restarts a server that stops after it ran (at most 3 times in 3 minutes), never
 * one that could not even start: that would be a loop of notifications.
 */
function errorHandler(session: { running: boolean }): ErrorHandler {
  const restarts: number[] = [];
  return {
    error: (_error, _message, count) => ({
      action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
      handled: true,
    }),
    closed: () => {
      if (!session.running) {
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > 3 * 60_000) {
        restarts.shift();
      }
      if (restarts.length < 3) {
        restarts.push(now);
        output?.appendLine("the server stopped; restarting it");
        return { action: CloseAction.Restart, handled: true };
      }
      reportStartProblem(
        "Hexcells: the language server stopped 4 times in 3 minutes and is not restarted. " +
          "See the Hexcells output panel; run “Hexcells: Restart language server” to try again.",
      );
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
}

/** One error notification (never awaited: activation must not wait for the user). */
function reportStartProblem(message: string): void {
  output?.appendLine(message);
  void vscode.window.showErrorMessage(message, "Open Settings").then((choice) => {
    if (choice === "Open Settings") {
      void vscode.commands.executeCommand("workbench.action.openSettings", "hexcells.server.path");
    }
  });
}

async function stop(): Promise<void> {
  const current = client;
  client = undefined;
  if (current !== undefined && current.state === State.Running) {
    try {
      await current.stop(2000);
    } catch (error) {
      output?.appendLine(`stopping the server: ${String(error)}`);
    }
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

/**
 * The settings the server reads, as `workspace/configuration` gives them for the
 * section `hexcells` (VS Code answers that request itself from the same settings).
 */
function serverSettings(config: vscode.WorkspaceConfiguration): Record<string, unknown> {
  return {
    inlayHints: config.get<boolean>("inlayHints", false),
    debounceMs: config.get<number>("debounceMs", 150),
    budgetMs: config.get<number>("budgetMs", 10000),
  };
}

/**
 * vscode-languageclient registers every command the server lists as a VS Code
 * command; the extension's own commands of the same name would then collide, so
 * they are left out and reach the server through [executeOnServer] instead.
 */
function keepOwnCommands(languageClient: LanguageClient): void {
  const feature = languageClient.getFeature(ExecuteCommandRequest.method);
  const register = feature.register.bind(feature);
  feature.register = (data: RegistrationData<ExecuteCommandOptions>) => {
    const commands = data.registerOptions.commands.filter((command) => !OWN_COMMANDS.has(command));
    register({ ...data, registerOptions: { ...data.registerOptions, commands } });
  };
}

/** The commands the running server offers. */
function serverCommands(): string[] {
  return client?.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
}

/** The document a command is about: its argument (a code lens passes one) or the active editor. */
function targetUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) {
    return arg;
  }
  if (typeof arg === "string") {
    try {
      return vscode.Uri.parse(arg, true);
    } catch {
      return undefined;
    }
  }
  if (typeof arg === "object" && arg !== null && "uri" in arg && typeof arg.uri === "string") {
    return targetUri(arg.uri);
  }
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === "hexcells" || document?.languageId === "sixcells"
    ? document.uri
    : undefined;
}

async function executeOnServer(command: string, uri: vscode.Uri): Promise<unknown> {
  if (client === undefined) {
    throw new Error("the Hexcells language server is not running");
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [uri.toString()] });
}

async function openViewer(arg: unknown): Promise<void> {
  const uri = targetUri(arg);
  if (uri === undefined) {
    void vscode.window.showWarningMessage("Hexcells: open a .hexcells file first");
    return;
  }
  try {
    if (serverCommands().includes(OPEN_VIEWER)) {
      await executeOnServer(OPEN_VIEWER, uri);
    } else {
      launchViewer(uri);
    }
  } catch (error) {
    void vscode.window.showErrorMessage(`Hexcells: cannot open the viewer: ${String(error)}`);
  }
}

/**
 * Starts `hexcells-view` itself when the server cannot: beside the configured server,
 * else the one the extension carries, else from PATH.
 */
function launchViewer(uri: vscode.Uri): void {
  if (uri.scheme !== "file") {
    throw new Error("the viewer reads files: save the level first");
  }
  const found = resolveViewer(vscode.workspace.getConfiguration("hexcells").get<string>("server.path"), environment());
  if (found.kind === "missing") {
    throw new Error(
      "hexcells-view was found neither beside `hexcells.server.path`, in the extension, nor on PATH",
    );
  }
  output?.appendLine(`viewer: ${found.command}`);
  const viewer = found.command;
  const child = spawn(viewer, [uri.fsPath], { detached: true, stdio: "ignore" });
  child.on("error", (error) => {
    void vscode.window.showErrorMessage(`Hexcells: cannot start ${viewer}: ${error.message}`);
  });
  child.unref();
}

/**
 * "Hexcells: Open Preview" / "… to the Side": the page the server serves for the
 * document (`hexcells.openPreview`), in a webview panel that then follows the active
 * `.hexcells` editor.
 */
async function showPreview(arg: unknown, toSide: boolean): Promise<void> {
  const uri = targetUri(arg);
  if (uri === undefined) {
    void vscode.window.showWarningMessage("Hexcells: open a .hexcells file first");
    return;
  }
  try {
    if (preview === undefined) {
      const column = toSide ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
      const panel = new PreviewPanel(column, pageUrl, (line) => output?.appendLine(line));
      preview = panel;
      panel.onDidDispose(() => {
        if (preview === panel) {
          preview = undefined;
        }
      });
    } else {
      preview.reveal(toSide);
    }
    await preview.follow(uri);
  } catch (error) {
    void vscode.window.showErrorMessage(`Hexcells: cannot open the preview: ${String(error)}`);
  }
}

/** The page's address for `uri` from the server, as this window can reach it. */
async function pageUrl(uri: vscode.Uri): Promise<string> {
  if (!serverCommands().includes(OPEN_PREVIEW)) {
    throw new Error("the running hexcells server has no preview (hexcells.openPreview); update it");
  }
  const result = await executeOnServer(OPEN_PREVIEW, uri);
  const url =
    typeof result === "object" && result !== null && "url" in result && typeof result.url === "string"
      ? result.url
      : undefined;
  if (url === undefined) {
    throw new Error(`the server answered ${JSON.stringify(result)} instead of {"url"}`);
  }
  // Remote SSH forwards the port; code-server answers with its own `/proxy/PORT/` address.
  const local = vscode.Uri.parse(url, true);
  const external = await vscode.env.asExternalUri(local);
  // The token is in the query: keep it if the mapping left it out.
  return (external.query === "" ? external.with({ query: local.query }) : external).toString(true);
}

async function showSteps(arg: unknown): Promise<void> {
  const uri = targetUri(arg);
  if (uri === undefined) {
    void vscode.window.showWarningMessage("Hexcells: open a .hexcells file first");
    return;
  }
  try {
    const result = serverCommands().includes(SOLVE) ? await executeOnServer(SOLVE, uri) : await solveWithCli(uri);
    const content = stepsMarkdown(path.basename(uri.path), result);
    const document = await vscode.workspace.openTextDocument({ language: "markdown", content });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  } catch (error) {
    void vscode.window.showErrorMessage(`Hexcells: cannot list the solution steps: ${String(error)}`);
  }
}

/** `hexcells solve -` on the document's text, one line per round, for a server without `hexcells.solve`. */
async function solveWithCli(uri: vscode.Uri): Promise<string[]> {
  const document = await vscode.workspace.openTextDocument(uri);
  const server = resolveServer(vscode.workspace.getConfiguration("hexcells").get<string>("server.path"), environment());
  if (server.kind === "missing") {
    throw new Error(missingMessage(server));
  }
  return new Promise((resolve, reject) => {
    const child = execFile(server.command, ["solve", "-"], { timeout: 60_000 }, (error, stdout, stderr) => {
      const lines = `${stdout}${stderr}`.split("\n").filter((line) => line.trim() !== "");
      // `hexcells solve` exits 1 for a stuck level: its lines still say why.
      if (error !== null && lines.length === 0) {
        reject(error);
      } else {
        resolve(lines);
      }
    });
    child.stdin?.end(document.getText());
  });
}

/**
 * "Hexcells: Open an example level": picks one of the levels the extension carries
 * (`examples/`, see examples.ts) and opens a copy of it as a new unsaved level, so the
 * author can play with it and save it where they like; the extension's own files
 * are never edited.
 */
async function openExample(extensionPath: string): Promise<void> {
  const folder = examplesFolder(extensionPath);
  const examples = folder === undefined ? [] : listExamples(folder);
  if (examples.length === 0) {
    void vscode.window.showErrorMessage(`Hexcells: this extension carries no example levels (looked in ${path.join(extensionPath, "examples")}).`);
    return;
  }
  const picked = await vscode.window.showQuickPick(examples, {
    title: "Hexcells: Open an example level",
    placeHolder: "Each level shows one rule of the game",
  });
  if (picked === undefined) {
    return;
  }
  const content = await vscode.workspace.fs.readFile(vscode.Uri.file(picked.file));
  const document = await vscode.workspace.openTextDocument({
    language: "hexcells",
    content: new TextDecoder().decode(content),
  });
  await vscode.window.showTextDocument(document);
}
