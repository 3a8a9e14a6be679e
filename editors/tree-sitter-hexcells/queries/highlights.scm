; Colours of a Hexcells level. Cells follow the game: blue cells take the theme's
; blue (`@function`; revealed ones its `.builtin` variant), black cells a muted
; colour (hidden ones `@punctuation.delimiter`, revealed ones the plain
; `@variable`), and empty slots fade like comments. See docs/editors.md.

(format_line) @keyword.directive

(title) @markup.heading

(author) @string

(custom_text) @comment

(entity) @string.escape

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
] @number

[
  (extra_row)
  (trailing_text)
] @comment
