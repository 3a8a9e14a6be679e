--- Neovim 0.11+ language server config for Hexcells levels: `vim.lsp.enable('hexcells')`.
--- Starts `hexcells lsp` (the `hexcells` binary must be on PATH; override `cmd` with
--- `vim.lsp.config('hexcells', { cmd = { '/path/to/hexcells', 'lsp' } })`).
return {
  cmd = { 'hexcells', 'lsp' },
  filetypes = { 'hexcells' },
  root_markers = { '.git' },
}
