/**
 * @file Tree-sitter grammar for "Hexcells level v1" text: Hexcells puzzle levels.
 * @license MIT OR Apache-2.0
 *
 * A level is a header (the format line `Hexcells level v1`, title, author, two
 * custom text lines) and a grid of up to 33 lines of 33 two-character groups. A
 * file may hold several levels (a pack), each starting at its own format line.
 *
 * Which role a line plays depends on where it is (the fifth header line may
 * already be the first grid line, the 34th grid line is past the grid, a blank
 * line is a grid line only when more of the level follows it), so the external
 * scanner (src/scanner.c) reads the text line by line, the way the project's own
 * parser does, and hands out each line's first and last token and the header
 * text. The two-character groups of a grid line come from tree-sitter's own
 * lexer (cheap leaves: a level has 1089 groups), and the rules below count them
 * up to 33.
 *
 * Where the project's parser reports a syntax error (codes HC0101 to HC0107, see
 * docs/diagnostics.md), the text does not fit these rules: a group of unknown
 * characters, a half group, a group with an item past the 33rd. Errors that
 * depend on where a line is (a missing header line, items below the 33rd grid
 * line) come from the scanner as the token `_invalid`, which no rule accepts.
 * Either way tree-sitter wraps the text in an ERROR node and goes on.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

/**
 * One to `n` times `rule`, written as one alternative per count: tree-sitter
 * turns them into flat productions, so the children need no hidden repeat nodes
 * (a nested `optional` 33 levels deep would be too deep to generate).
 * @param {number} n
 * @param {RuleOrLiteral} rule
 * @param {RuleOrLiteral=} tail what may follow the `n`th
 * @returns {RuleOrLiteral}
 */
function upTo(n, rule, tail) {
  const counts = [];
  for (let k = 1; k <= n; k++) {
    const run = Array(k).fill(rule);
    counts.push(k === n && tail ? seq(...run, tail) : seq(...run));
  }
  return choice(...counts);
}

module.exports = grammar({
  name: 'hexcells',

  externals: $ => [
    // Before the first line, once the scanner has read it
    $._bof,
    // Header
    $.format_line,
    $._title_start,
    $._author_start,
    $._custom_text_start,
    $._text,
    $.entity,
    // Grid lines: the indentation, and the trailing whitespace with the terminator
    $._row_start,
    // Lines past the 33 grid lines
    $.extra_row,
    $.trailing_text,
    $._extra_blank,
    // Any line
    $._blank_line,
    $._eol,
    $._invalid,
  ],

  extras: _ => [],

  inline: $ => [$._mark],

  rules: {
    source_file: $ => seq(
      optional($._bof),
      repeat(choice($.level, $._blank_line)),
    ),

    level: $ => prec.right(choice(
      seq($.header, optional($.grid), repeat($._past_grid)),
      seq($.grid, repeat($._past_grid)),
    )),

    // The scanner hands out the header lines in order, each with its own start
    // token, so a header that lost a line to an error still reads right. A line
    // lacks its terminator when the next one is missing: the error token takes
    // the terminator's place.
    header: $ => prec.right(choice(
      seq($.format_line, optional($._eol), repeat($._header_line)),
      repeat1($._header_line),
    )),

    _header_line: $ => choice(
      seq($.title, optional($._eol)),
      seq($.author, optional($._eol)),
      seq($.custom_text, optional($._eol)),
    ),

    title: $ => seq($._title_start, repeat($._header_text)),
    author: $ => seq($._author_start, repeat($._header_text)),
    custom_text: $ => seq($._custom_text_start, repeat($._header_text)),
    _header_text: $ => choice($._text, $.entity),

    // Up to 33 grid lines (the scanner hands out no more), as flat productions.
    grid: $ => prec.right(upTo(33, seq($.grid_row, $._eol))),

    // Up to 33 groups (each a cell, a column number or a run of empty groups),
    // then only empty ones.
    grid_row: $ => seq($._row_start, optional(upTo(33, $._group, repeat($.empty)))),

    _group: $ => choice($.empty, $.blue_cell, $.black_cell, $.column),

    // A run of empty groups: most of a grid is empty, and one leaf per run
    // instead of one per group keeps parsing fast.
    empty: _ => token(repeat1('..')),

    blue_cell: $ => seq(
      field('state', choice(alias('x', $.hidden), alias('X', $.revealed))),
      field('mark', $._mark),
    ),

    black_cell: $ => seq(
      field('state', choice(alias('o', $.hidden), alias('O', $.revealed))),
      field('mark', $._mark),
    ),

    column: $ => seq(
      field('direction', choice(
        alias('\\', $.down_right),
        alias('|', $.down),
        alias('/', $.down_left),
      )),
      field('mark', $._mark),
    ),

    _mark: $ => choice(
      alias('.', $.no_number),
      alias('+', $.number),
      alias('c', $.together),
      alias('n', $.apart),
    ),

    _past_grid: $ => choice(
      seq($.extra_row, $._eol),
      seq($.trailing_text, $._eol),
      $._extra_blank,
    ),
  },
});
