--- Filetype detection: `*.hexcells` files, and any file whose first line is the
--- "Hexcells level v1" magic line.
vim.filetype.add({
  extension = { hexcells = 'hexcells' },
  pattern = {
    ['.*'] = {
      function(_, bufnr)
        local first = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
        if first and first:match('^%s*Hexcells level v1%s*$') then
          return 'hexcells'
        end
      end,
      { priority = -math.huge },
    },
  },
})
