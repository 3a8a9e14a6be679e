/**
 * Turns the result of the server's `hexcells.solve` command
 * (`{ summary, steps: [{ cell, color, round, clues, reasoning }] }`) or the lines of
 * `hexcells solve` into a Markdown page. Unknown shapes are shown as JSON.
 *
 * Plain Node code (no `vscode` import), so `node --test` covers it.
 */

/** A Markdown page for the steps of `fileName`. */
export function stepsMarkdown(fileName: string, result: unknown): string {
  const lines = [`# Solution steps: ${fileName}`, ""];
  const steps = stepList(result);
  if (steps === undefined) {
    lines.push("```json", JSON.stringify(result, null, 2) ?? "null", "```");
  } else if (steps.length === 0) {
    lines.push("The server returned no steps.");
  } else {
    steps.forEach((step, idx) => lines.push(`${idx + 1}. ${describe(step)}`));
  }
  if (isRecord(result) && typeof result.summary === "string") {
    lines.splice(2, 0, result.summary, "");
  }
  return lines.join("\n") + "\n";
}

function stepList(result: unknown): unknown[] | undefined {
  if (Array.isArray(result)) {
    return result;
  }
  if (isRecord(result) && Array.isArray(result.steps)) {
    return result.steps;
  }
  return undefined;
}

function describe(step: unknown): string {
  if (typeof step === "string") {
    return step;
  }
  if (isRecord(step) && typeof step.cell === "string" && typeof step.color === "string") {
    const round = typeof step.round === "number" ? `round ${step.round}: ` : "";
    const clues = Array.isArray(step.clues) && step.clues.length > 0 ? ` (from ${step.clues.join(", ")})` : "";
    return `${round}**${step.cell}** is ${step.color}${clues}`;
  }
  if (isRecord(step)) {
    for (const key of ["message", "text", "title", "description"]) {
      const value = step[key];
      if (typeof value === "string") {
        return value;
      }
    }
  }
  return "`" + JSON.stringify(step) + "`";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
