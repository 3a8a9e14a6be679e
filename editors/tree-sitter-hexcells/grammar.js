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
 * parser does, and hands out every token. The rules below assemble them.
 *
 * Wherever the project's parser reports a syntax error (codes HC0101 to HC0107,
 * see docs/diagnostics.md) the scanner hands out the token `_invalid`, which no
 * rule accepts: tree-sitter wraps exactly that text in an ERROR node and goes on.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

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
    // Grid lines
    $._row_start,
    $._indent,
    $._trailing_space,
    $._blue_hidden,
    $._blue_revealed,
    $._black_hidden,
    $._black_revealed,
    $._down_right,
    $._down,
    $._down_left,
    $._no_number,
    $._number,
    $._together,
    $._apart,
    $.empty,
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

  conflicts: _ => [],

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

    grid: $ => prec.right(repeat1(seq($.grid_row, $._eol))),

    grid_row: $ => seq(
      $._row_start,
      optional($._indent),
      repeat($._group),
      optional($._trailing_space),
    ),

    _group: $ => choice($.empty, $.blue_cell, $.black_cell, $.column),

    blue_cell: $ => seq(
      field('state', choice(
        alias($._blue_hidden, $.hidden),
        alias($._blue_revealed, $.revealed),
      )),
      field('mark', $._mark),
    ),

    black_cell: $ => seq(
      field('state', choice(
        alias($._black_hidden, $.hidden),
        alias($._black_revealed, $.revealed),
      )),
      field('mark', $._mark),
    ),

    column: $ => seq(
      field('direction', choice(
        alias($._down_right, $.down_right),
        alias($._down, $.down),
        alias($._down_left, $.down_left),
      )),
      field('mark', $._mark),
    ),

    _mark: $ => choice(
      alias($._no_number, $.no_number),
      alias($._number, $.number),
      alias($._together, $.together),
      alias($._apart, $.apart),
    ),

    _past_grid: $ => choice(
      seq($.extra_row, $._eol),
      seq($.trailing_text, $._eol),
      $._extra_blank,
    ),
  },
});
