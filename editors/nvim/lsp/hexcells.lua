--- Neovim 0.11+ language server config for Hexcells levels: `vim.lsp.enable('hexcells')`.
--- Starts `hexcells lsp` (the `hexcells` binary must be on PATH; override `cmd` with
--- `vim.lsp.config('hexcells', { cmd = { '/path/to/hexcells', 'lsp' } })`).
return {
  cmd = { 'hexcells', 'lsp' },
  filetypes = { 'hexcells' },
  root_markers = { '.git' },
  -- Neovim 0.11 pulls diagnostics but cannot be asked to pull again
  -- (`workspace/diagnostic/refresh`), so it would miss the solver's results (HC0301),
  -- which come after a debounce. Without the pull capability the server pushes them.
  capabilities = { textDocument = { diagnostic = vim.NIL } },
}
