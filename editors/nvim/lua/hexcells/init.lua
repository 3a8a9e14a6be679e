--- `:HexcellsView`, `:HexcellsPreview` and `:HexcellsSolve`: ask the attached
--- `hexcells lsp` when it offers the command, else run `hexcells-view` / `hexcells
--- solve` directly (the preview needs the server: it follows the buffer through it).
local M = {}

--- The file of `arg`, or of the current buffer.
local function target(arg)
  if arg ~= nil and arg ~= '' then
    return vim.fn.fnamemodify(vim.fn.expand(arg), ':p'), nil
  end
  local bufnr = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return nil, nil
  end
  return name, bufnr
end

--- The hexcells client attached to `bufnr` if it offers `command`.
local function client_with(bufnr, command)
  if bufnr == nil then
    return nil
  end
  for _, client in ipairs(vim.lsp.get_clients({ bufnr = bufnr, name = 'hexcells' })) do
    local provider = client.server_capabilities.executeCommandProvider
    if provider and vim.tbl_contains(provider.commands or {}, command) then
      return client
    end
  end
  return nil
end

local function notify_error(message)
  vim.notify('hexcells: ' .. message, vim.log.levels.ERROR)
end

--- Opens `arg` (default: the current buffer's file) in the viewer.
function M.view(arg)
  local file, bufnr = target(arg)
  if file == nil then
    return notify_error('save the level to a file first')
  end
  local client = client_with(bufnr, 'hexcells.openViewer')
  if client then
    client:exec_cmd(
      { title = 'Open viewer', command = 'hexcells.openViewer', arguments = { vim.uri_from_fname(file) } },
      { bufnr = bufnr }
    )
    return
  end
  if vim.fn.executable('hexcells-view') ~= 1 then
    return notify_error('hexcells-view is not on PATH (cargo install --path viewer)')
  end
  vim.system({ 'hexcells-view', file }, { detach = true })
end

--- Opens the preview's `url` in the browser (`vim.ui.open`), and says it either way:
--- with no browser (over SSH) the author forwards the port and opens it there.
function M.open_url(url)
  local ok, opened, err = pcall(vim.ui.open, url)
  if ok and opened ~= nil and err == nil then
    vim.notify('hexcells: preview at ' .. url, vim.log.levels.INFO)
  else
    vim.notify(
      'hexcells: preview at ' .. url .. ' (no browser opened it: open it yourself, or forward its port)',
      vim.log.levels.WARN
    )
  end
end

--- Serves the current buffer's live preview as a page (through the attached
--- `hexcells lsp`: it follows the unsaved text and the cursor, and edits made in the
--- page land in the buffer) and opens it in the browser.
function M.preview()
  local file, bufnr = target(nil)
  if file == nil then
    return notify_error('save the level to a file first')
  end
  local client = client_with(bufnr, 'hexcells.openPreview')
  if client == nil then
    return notify_error(
      'the preview follows the buffer through hexcells lsp, which is not attached here; '
        .. 'run `hexcells-view --serve ' .. file .. '` in a terminal to follow the file instead'
    )
  end
  local command = { title = 'Open preview', command = 'hexcells.openPreview', arguments = { vim.uri_from_fname(file) } }
  client:exec_cmd(command, { bufnr = bufnr }, function(err, result)
    if err then
      return notify_error(err.message)
    end
    if type(result) ~= 'table' or type(result.url) ~= 'string' then
      return notify_error('hexcells.openPreview gave no address: ' .. vim.inspect(result))
    end
    M.open_url(result.url)
  end)
end

--- Lines for the result of `hexcells.solve`:
--- `{ summary, steps = { { cell, color, round, clues, reasoning } } }`.
function M.step_lines(result)
  if type(result) ~= 'table' then
    return { vim.inspect(result) }
  end
  local lines = {}
  if type(result.summary) == 'string' then
    table.insert(lines, result.summary)
  end
  for _, step in ipairs(result.steps or result) do
    if type(step) == 'table' and step.cell and step.color then
      local clues = type(step.clues) == 'table' and #step.clues > 0
          and (' (from %s)'):format(table.concat(step.clues, ', '))
        or ''
      table.insert(lines, ('round %s: %s is %s%s'):format(step.round or '?', step.cell, step.color, clues))
    else
      table.insert(lines, type(step) == 'table' and vim.json.encode(step) or tostring(step))
    end
  end
  return #lines > 0 and lines or { vim.inspect(result) }
end

--- Shows the solution steps of `arg` (default: the current buffer) in a scratch split.
function M.solve(arg)
  local file, bufnr = target(arg)
  if file == nil then
    return notify_error('save the level to a file first')
  end
  local function show(lines)
    vim.cmd('botright new')
    local scratch = vim.api.nvim_get_current_buf()
    vim.bo[scratch].buftype = 'nofile'
    vim.bo[scratch].bufhidden = 'wipe'
    vim.api.nvim_buf_set_lines(scratch, 0, -1, false, lines)
    vim.bo[scratch].modifiable = false
  end
  local client = client_with(bufnr, 'hexcells.solve')
  if client then
    local command = { title = 'Solve', command = 'hexcells.solve', arguments = { vim.uri_from_fname(file) } }
    client:exec_cmd(command, { bufnr = bufnr }, function(err, result)
      if err then
        return notify_error(err.message)
      end
      show(M.step_lines(result))
    end)
    return
  end
  if vim.fn.executable('hexcells') ~= 1 then
    return notify_error('hexcells is not on PATH (cargo install --path server)')
  end
  -- The buffer's text as it is now (saved or not) goes through stdin.
  local command, stdin = { 'hexcells', 'solve', file }, nil
  if bufnr ~= nil then
    command[3] = '-'
    stdin = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
  end
  vim.system(command, { text = true, stdin = stdin }, vim.schedule_wrap(function(out)
    show(vim.split((out.stdout or '') .. (out.stderr or ''), '\n', { trimempty = true }))
  end))
end

return M
