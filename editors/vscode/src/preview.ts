/**
 * The preview panel: a webview beside the text that frames the page
 * `hexcells-view --serve --stdin` serves for the active `.hexcells` document. The
 * language server links that page to the document (its unsaved text and cursor, a
 * click moving the cursor, edits applied to the buffer), so the panel only has to show
 * the right page: one per document, switched when another level becomes active.
 */
import * as path from "node:path";
import * as vscode from "vscode";
import { previewHtml } from "./previewPage";

/** The webview type (VS Code keys panel state by it). */
export const PREVIEW_VIEW_TYPE = "hexcells.preview";

export class PreviewPanel {
  private readonly panel: vscode.WebviewPanel;
  /** The document shown, and the page address it was shown with. */
  private shown: { uri: string; url: string } | undefined;

  constructor(
    column: vscode.ViewColumn,
    private readonly pageUrl: (uri: vscode.Uri) => Promise<string>,
    private readonly log: (line: string) => void,
  ) {
    this.panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      "Hexcells preview",
      { viewColumn: column, preserveFocus: true },
      // Scripts run in the framed page, which a webview without them would block.
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [] },
    );
  }

  onDidDispose(listener: () => void): void {
    this.panel.onDidDispose(listener);
  }

  reveal(toSide: boolean): void {
    this.panel.reveal(toSide ? vscode.ViewColumn.Beside : undefined, true);
  }

  /** Shows the page of `uri` (the same page again when it is already shown). */
  async follow(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const url = await this.pageUrl(uri);
    if (this.shown?.uri === key && this.shown.url === url) {
      return;
    }
    const title = `Preview ${path.posix.basename(uri.path)}`;
    const shown = new URL(url);
    const token = shown.searchParams.has("token") ? "with its token" : "WITHOUT a token";
    this.log(`preview of ${key}: ${shown.origin}${shown.pathname} (${token})`);
    this.panel.title = title;
    this.panel.webview.html = previewHtml(url, title);
    this.shown = { uri: key, url };
  }

  dispose(): void {
    this.panel.dispose();
  }
}
