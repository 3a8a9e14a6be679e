/**
 * The HTML of the preview panel's webview: one full-size iframe of the page that
 * `hexcells-view --serve` serves (its address as `vscode.env.asExternalUri` gave it),
 * with a Content-Security-Policy that lets the webview frame exactly that origin and
 * nothing else. Free of `vscode` so the unit tests can read it.
 */

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * The webview's HTML for the page at `pageUrl` (an `http:` or `https:` address).
 * Throws for any other scheme: the panel shows only the viewer's page.
 */
export function previewHtml(pageUrl: string, title: string): string {
  const url = new URL(pageUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`the preview page must be http(s), not ${url.protocol}`);
  }
  const csp = `default-src 'none'; frame-src ${url.origin}; style-src 'unsafe-inline'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<title>${escapeAttribute(title)}</title>
<style>html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style>
</head>
<body>
<iframe id="hexcells-preview" title="${escapeAttribute(title)}" src="${escapeAttribute(url.toString())}"></iframe>
</body>
</html>
`;
}
