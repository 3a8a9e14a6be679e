--- Tree-sitter highlighting of Hexcells levels: builds the grammar's parser
--- (editors/tree-sitter-hexcells, its generated C sources) with the C compiler on
--- first use, registers it as the language `hexcells`, and starts it in hexcells
--- buffers. The query is queries/hexcells/highlights.scm in this folder.
local M = {}

--- editors/nvim, this plugin's folder.
local function plugin_dir()
  local source = debug.getinfo(1, 'S').source:sub(2)
  return vim.fn.fnamemodify(source, ':p:h:h:h')
end

--- The grammar's folder: `vim.g.hexcells_grammar_dir`, else editors/tree-sitter-hexcells
--- beside this plugin.
function M.grammar_dir()
  return vim.g.hexcells_grammar_dir or vim.fs.joinpath(vim.fs.dirname(plugin_dir()), 'tree-sitter-hexcells')
end

--- Where the built parser goes.
function M.parser_path()
  return vim.fs.joinpath(vim.fn.stdpath('data'), 'hexcells', 'parser', 'hexcells.so')
end

local function sources()
  local src = vim.fs.joinpath(M.grammar_dir(), 'src')
  return { vim.fs.joinpath(src, 'parser.c'), vim.fs.joinpath(src, 'scanner.c') }, src
end

local function mtime(path)
  local stat = vim.uv.fs_stat(path)
  return stat and stat.mtime.sec or nil
end

--- The C compiler: `$CC`, else cc, gcc or clang on PATH.
local function compiler()
  local candidates = { 'cc', 'gcc', 'clang' }
  if vim.env.CC and vim.env.CC ~= '' then
    table.insert(candidates, 1, vim.env.CC)
  end
  for _, cc in ipairs(candidates) do
    if vim.fn.executable(cc) == 1 then
      return cc
    end
  end
  return nil
end

--- Compiles the parser into `M.parser_path()`. Returns the path, or nil and why not.
function M.build()
  local files, include = sources()
  for _, file in ipairs(files) do
    if not mtime(file) then
      return nil, ('%s is missing (set vim.g.hexcells_grammar_dir to the tree-sitter-hexcells folder)'):format(file)
    end
  end
  local cc = compiler()
  if not cc then
    return nil, 'no C compiler to build the tree-sitter parser (set $CC, or install cc, gcc or clang)'
  end
  local path = M.parser_path()
  vim.notify('hexcells: building the tree-sitter parser', vim.log.levels.INFO)
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  local partial = path .. '.partial'
  local command = { cc, '-o', partial, '-shared', '-fPIC', '-O2', '-std=c11', '-I', include, files[1], files[2] }
  local done = vim.system(command, { text = true }):wait()
  if done.code ~= 0 then
    return nil, ('building the tree-sitter parser failed: %s\n%s'):format(table.concat(command, ' '), done.stderr or '')
  end
  local ok, err = vim.uv.fs_rename(partial, path)
  if not ok then
    return nil, err
  end
  return path
end

--- The parser, built when it is missing or older than the grammar's sources.
function M.ensure_parser()
  local path = M.parser_path()
  local built = mtime(path)
  local files = sources()
  local newest = math.max(mtime(files[1]) or 0, mtime(files[2]) or 0)
  if built and built >= newest then
    return path
  end
  return M.build()
end

local registered = false
--- Why the parser could not be had, once tried in this session (not tried again
--- until `:HexcellsBuildParser`).
local failure = nil

--- Registers the language `hexcells` with Neovim. Returns true, or false and why not.
function M.register()
  if registered then
    return true
  end
  if failure then
    return false, failure
  end
  local path, err = M.ensure_parser()
  if path then
    local ok, loaded = pcall(vim.treesitter.language.add, 'hexcells', { path = path })
    if ok and loaded ~= false then
      registered = true
      return true
    end
    err = ('cannot load %s: %s'):format(path, tostring(loaded))
  end
  failure = err
  vim.notify('hexcells: no tree-sitter highlighting (the regex syntax colours the grid): ' .. err, vim.log.levels.WARN)
  return false, err
end

--- Starts tree-sitter highlighting in `bufnr` (unless `vim.g.hexcells_treesitter` is false);
--- the regex syntax of syntax/hexcells.vim stays when the parser cannot be built.
function M.attach(bufnr)
  if vim.g.hexcells_treesitter == false or not M.register() then
    return
  end
  vim.treesitter.start(bufnr, 'hexcells')
end

--- `:HexcellsBuildParser`: builds the parser again (after the grammar changed).
function M.rebuild()
  failure = nil
  local path, err = M.build()
  if not path then
    vim.notify('hexcells: ' .. err, vim.log.levels.ERROR)
    return
  end
  if registered then
    vim.notify(('hexcells: built %s; restart Neovim to load it'):format(path), vim.log.levels.INFO)
    return
  end
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].filetype == 'hexcells' then
      M.attach(bufnr)
    end
  end
end

return M
