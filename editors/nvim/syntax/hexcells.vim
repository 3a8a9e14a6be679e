" Vim syntax file for Hexcells levels ("Hexcells level v1" text).
" Colours the grid when tree-sitter cannot (no C compiler to build the parser, or
" vim.g.hexcells_treesitter = false; tree-sitter turns this syntax off); the
" server's semantic tokens (linked in plugin/hexcells.lua) refine it once attached.
if exists('b:current_syntax')
  finish
endif

syntax match hexcellsMagic #^\s*Hexcells level v1\s*$#
syntax match hexcellsGridLine #^\s*\([.oOxX\\|/][.+cn]\)\+\s*$# contains=hexcellsEmpty,hexcellsBlue,hexcellsBlueRevealed,hexcellsBlack,hexcellsBlackRevealed,hexcellsColumn,hexcellsNumber
syntax match hexcellsEmpty #\(\.\.\)\+# contained
syntax match hexcellsBlue #x\ze[.+cn]# contained
syntax match hexcellsBlueRevealed #X\ze[.+cn]# contained
syntax match hexcellsBlack #o\ze[.+cn]# contained
syntax match hexcellsBlackRevealed #O\ze[.+cn]# contained
syntax match hexcellsColumn #[\\|/]\ze[.+cn]# contained
syntax match hexcellsNumber #[oOxX\\|/]\@<=[+cn]# contained
syntax match hexcellsEntity !&\(#\d\+\|#[xX]\x\+\|\a\w*\);!

highlight default link hexcellsMagic Keyword
highlight default link hexcellsEmpty Comment
highlight default link hexcellsBlue Identifier
highlight default link hexcellsBlueRevealed Special
highlight default link hexcellsBlack Type
highlight default link hexcellsBlackRevealed Statement
highlight default link hexcellsColumn Function
highlight default link hexcellsNumber Number
highlight default link hexcellsEntity Character

let b:current_syntax = 'hexcells'
