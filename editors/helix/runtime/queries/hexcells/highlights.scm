; Colours of a Hexcells level in Helix (a copy of the grammar's
; queries/highlights.scm with Helix's scope names: `constant.numeric` for numbers,
; `constant.character.escape` for escapes). Cells follow the game: blue cells take
; the theme's blue (`function`; revealed ones `function.builtin`), black cells a
; muted colour (hidden ones `punctuation.delimiter`, revealed ones the plain
; `variable`), and empty slots fade like comments. Only predicates Helix knows may
; appear here (none are needed). See docs/editors.md.

(format_line) @keyword.directive

(title) @markup.heading

(author) @string

(custom_text) @comment

(entity) @constant.character.escape

(empty) @comment

(blue_cell
  state: (hidden)) @function

(blue_cell
  state: (revealed)) @function.builtin

(black_cell
  state: (hidden)) @punctuation.delimiter

(black_cell
  state: (revealed)) @variable

(column) @operator

[
  (number)
  (together)
  (apart)
] @constant.numeric

[
  (extra_row)
  (trailing_text)
] @comment
