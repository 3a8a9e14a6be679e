// The named checks of a browser test (page.js, html.js): each one timed from the
// start and printed on its own line, `ok` or `FAIL` with the first line of why; the
// summary last, `N passed, M failed`, and the exit status (0 only when every check ran
// and passed).
'use strict';

const T0 = Date.now();
const results = [];

async function check(name, body) {
  try {
    await body();
    results.push(true);
    console.log(`ok    [${Date.now() - T0}ms] ${name}`);
  } catch (e) {
    results.push(false);
    console.log(`FAIL  [${Date.now() - T0}ms] ${name}: ${e.message.split('\n')[0]}`);
  }
}

function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** The test itself failed outside a check (`why`: what to print after the word FAIL). */
function failed(why) {
  results.push(false);
  console.log(`FAIL  the test itself: ${why}`);
}

/** Prints the summary and exits. */
function finish() {
  const passed = results.filter(Boolean).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(results.length > 0 && passed === results.length ? 0 : 1);
}

module.exports = { check, assert, failed, finish };
