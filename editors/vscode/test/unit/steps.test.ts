/** The "Show solution steps" page for the shapes the server may return. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { stepsMarkdown } from "../../src/steps";

test("strings and objects become numbered lines", () => {
  const page = stepsMarkdown("demo.hexcells", {
    summary: "solvable in 2 rounds",
    steps: ["F7 is blue", { message: "G8 is black", round: 2 }],
  });
  assert.equal(
    page,
    "# Solution steps: demo.hexcells\n\nsolvable in 2 rounds\n\n1. F7 is blue\n2. G8 is black\n",
  );
});

test("an empty list and an unknown shape are still shown", () => {
  assert.match(stepsMarkdown("a.hexcells", []), /returned no steps/);
  assert.match(stepsMarkdown("a.hexcells", { verdict: "stuck" }), /```json\n\{\n {2}"verdict": "stuck"\n\}\n```/);
  assert.match(stepsMarkdown("a.hexcells", null), /```json\nnull\n```/);
});

test("the server's steps read as rounds with their clues", () => {
  const page = stepsMarkdown("coin.hexcells", {
    summary: "solvable in 1 round, hardest step 1 clue",
    steps: [{ cell: "Q15", clues: ["remaining counter"], color: "blue", reasoning: "remaining counter", round: 1 }],
  });
  assert.equal(
    page,
    "# Solution steps: coin.hexcells\n\nsolvable in 1 round, hardest step 1 clue\n\n" +
      "1. round 1: **Q15** is blue (from remaining counter)\n",
  );
});
