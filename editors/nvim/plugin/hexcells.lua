--- Hexcells levels in Neovim: highlight links for the semantic tokens of
--- `hexcells lsp` and for the tree-sitter captures, tree-sitter highlighting in
--- hexcells buffers, and the commands `:HexcellsView`, `:HexcellsPreview`,
--- `:HexcellsSolve` and `:HexcellsBuildParser`.
if vim.g.loaded_hexcells then
  return
end
vim.g.loaded_hexcells = true

-- The server maps cells onto standard token types (type = blue cell, variable =
-- black cell, operator = column number, number = number mark, keyword = format
-- line, string = title and author, comment = custom text) with the modifiers
-- `revealed`, `together` and `apart`. These links give each its own group.
local links = {
  hexcellsMagic = 'Keyword',
  hexcellsHeader = 'Title',
  hexcellsCustomText = 'Comment',
  hexcellsEmpty = 'Comment',
  hexcellsBlue = 'Identifier',
  hexcellsBlueRevealed = 'Special',
  hexcellsBlack = 'Type',
  hexcellsBlackRevealed = 'Statement',
  hexcellsColumn = 'Function',
  hexcellsNumber = 'Number',
  hexcellsNumberTogether = 'Constant',
  hexcellsNumberApart = 'Float',
  hexcellsEntity = 'Character',
  ['@lsp.type.keyword.hexcells'] = 'hexcellsMagic',
  ['@lsp.type.string.hexcells'] = 'hexcellsHeader',
  ['@lsp.type.comment.hexcells'] = 'hexcellsCustomText',
  ['@lsp.type.type.hexcells'] = 'hexcellsBlue',
  ['@lsp.typemod.type.revealed.hexcells'] = 'hexcellsBlueRevealed',
  ['@lsp.type.variable.hexcells'] = 'hexcellsBlack',
  ['@lsp.typemod.variable.revealed.hexcells'] = 'hexcellsBlackRevealed',
  ['@lsp.type.operator.hexcells'] = 'hexcellsColumn',
  ['@lsp.type.number.hexcells'] = 'hexcellsNumber',
  ['@lsp.typemod.number.together.hexcells'] = 'hexcellsNumberTogether',
  ['@lsp.typemod.number.apart.hexcells'] = 'hexcellsNumberApart',
  -- The tree-sitter captures (queries/hexcells/highlights.scm) take the same
  -- groups, so the grid keeps its colours when the server's tokens arrive.
  ['@keyword.directive.hexcells'] = 'hexcellsMagic',
  ['@markup.heading.hexcells'] = 'hexcellsHeader',
  ['@string.hexcells'] = 'hexcellsHeader',
  ['@string.escape.hexcells'] = 'hexcellsEntity',
  ['@comment.hexcells'] = 'hexcellsEmpty',
  ['@function.hexcells'] = 'hexcellsBlue',
  ['@function.builtin.hexcells'] = 'hexcellsBlueRevealed',
  ['@punctuation.delimiter.hexcells'] = 'hexcellsBlack',
  ['@variable.hexcells'] = 'hexcellsBlackRevealed',
  ['@operator.hexcells'] = 'hexcellsColumn',
  ['@number.hexcells'] = 'hexcellsNumber',
}

local function set_links()
  for group, target in pairs(links) do
    vim.api.nvim_set_hl(0, group, { link = target, default = true })
  end
end

set_links()
vim.api.nvim_create_autocmd('ColorScheme', {
  group = vim.api.nvim_create_augroup('hexcells_highlights', { clear = true }),
  callback = set_links,
})

-- Tree-sitter highlighting (the parser is built on first use; see
-- lua/hexcells/treesitter.lua). `vim.g.hexcells_treesitter = false` keeps the regex syntax.
vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('hexcells_treesitter', { clear = true }),
  pattern = 'hexcells',
  callback = function(args)
    require('hexcells.treesitter').attach(args.buf)
  end,
})

vim.api.nvim_create_user_command('HexcellsBuildParser', function()
  require('hexcells.treesitter').rebuild()
end, { desc = 'Build the tree-sitter parser of Hexcells levels again' })

vim.api.nvim_create_user_command('HexcellsView', function(opts)
  require('hexcells').view(opts.args)
end, { nargs = '?', complete = 'file', desc = 'Open a Hexcells level (default: this buffer) in hexcells-view' })

vim.api.nvim_create_user_command('HexcellsPreview', function()
  require('hexcells').preview()
end, { desc = 'Serve this buffer\'s live preview on 127.0.0.1 and open it in the browser' })

vim.api.nvim_create_user_command('HexcellsSolve', function(opts)
  require('hexcells').solve(opts.args)
end, { nargs = '?', complete = 'file', desc = 'Show the steps a perfect player takes to solve the level' })
