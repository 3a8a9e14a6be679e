/**
 * The preview panel's HTML: an iframe of the page, a CSP that frames only the page's
 * origin, attributes escaped, and nothing but http(s) pages.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { previewHtml } from "../../src/previewPage";

test("the panel frames the page, and only its origin", () => {
  const html = previewHtml("http://127.0.0.1:8123/proxy/4567/?token=a&b", "level");
  assert.match(html, /<iframe [^>]*src="http:\/\/127\.0\.0\.1:8123\/proxy\/4567\/\?token=a&amp;b"/);
  assert.match(html, /frame-src http:\/\/127\.0\.0\.1:8123;/);
  assert.doesNotMatch(html, /script-src/);
});

test("a title cannot break out of its attribute", () => {
  const html = previewHtml("http://localhost:1/?token=x", '"><script>alert(1)</script>');
  assert.doesNotMatch(html, /<script>/);
  assert.match(html, /&quot;&gt;&lt;script&gt;/);
});

test("only http and https pages are shown", () => {
  assert.throws(() => previewHtml("file:///etc/passwd", "x"), /http\(s\)/);
  assert.throws(() => previewHtml("javascript:alert(1)", "x"), /http\(s\)/);
});
