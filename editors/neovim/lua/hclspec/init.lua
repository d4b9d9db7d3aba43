-- hclspec for Neovim: HCL and hcldec filetypes, and an `hclspec serve` client per project root.
local M = {}

local uv = vim.uv or vim.loop

local defaults = {
  -- The server; `serve` speaks LSP over stdio.
  cmd = { "hclspec", "serve" },
  -- Buffers of these filetypes get the server. Add "terraform" (and, on Neovim 0.10+,
  -- "terraform-vars") to check *.tf / *.tfvars files too.
  filetypes = { "hcl", "hcldec" },
  -- The client's association rules: { { files = { "jobs/**/*.hcl" }, spec = "specs/job.hcldec" } }.
  -- Globs are matched relative to the root (the server does that); specs are resolved here.
  rules = {},
  -- Read `dynamic` blocks (as Terraform and Nomad do) in every file checked against a spec.
  dynamic_blocks = false,
  -- The nearest folder holding one of these is a buffer's root, else the buffer's own folder.
  root_markers = { ".hclspec.hcl", ".git" },
  capabilities = nil,
  on_attach = nil,
  on_exit = nil,
}

local options = vim.deepcopy(defaults)
-- root folder -> client id; only for Neovim 0.7, where nothing else reuses clients.
local clients_by_root = {}
-- Executables already reported missing, so that every buffer opened does not repeat it.
local reported_missing = {}

local function notify(message, level)
  vim.notify("hclspec: " .. message, level or vim.log.levels.ERROR)
end

local function is_absolute(path)
  return path:sub(1, 1) == "/" or path:match("^%a:[/\\]") ~= nil
end

-- Rules as the server reads them; a malformed rule would make the server refuse the whole
-- setting (or `initialize` itself), so it is left out here with a message instead.
local function checked_rules(rules)
  local out = {}
  for i, rule in ipairs(rules or {}) do
    local files = type(rule.files) == "string" and { rule.files } or rule.files
    local ok = type(files) == "table"
      and #files > 0
      and type(rule.spec) == "string"
      and rule.spec ~= ""
    for _, glob in ipairs(type(files) == "table" and files or {}) do
      ok = ok and type(glob) == "string"
    end
    if ok then
      table.insert(out, { files = vim.deepcopy(files), spec = rule.spec })
    else
      notify(
        ("rules[%d] is left out: it needs `files` (a list of globs) and `spec` (a path)"):format(i)
      )
    end
  end
  return out
end

-- A spec path as the user wrote it, made absolute against the root: the user thinks of the
-- project, not of the folder Neovim happened to be started in.
local function resolve_spec(spec, root)
  if spec:match("^[~$]") then
    spec = vim.fn.expand(spec)
  end
  if not is_absolute(spec) then
    spec = root .. "/" .. spec
  end
  return vim.fn.simplify(spec)
end

local function rules_for(root)
  local out = {}
  for _, rule in ipairs(options.rules) do
    table.insert(out, { files = rule.files, spec = resolve_spec(rule.spec, root) })
  end
  return out
end

-- The `hclspec` settings section, also sent as initializationOptions. An empty Lua table would
-- go out as `{}` where the server wants an array, so no rules means no `rules` key.
local function settings_section(rules)
  local section = { dynamicBlocks = options.dynamic_blocks }
  if #rules > 0 then
    section.rules = rules
  end
  return section
end

local function find_root(path)
  local start = vim.fn.fnamemodify(path, ":h")
  local dir = start
  while true do
    for _, marker in ipairs(options.root_markers) do
      if uv.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

local function client_config(root)
  local section = settings_section(rules_for(root))
  local capabilities =
    vim.deepcopy(options.capabilities or vim.lsp.protocol.make_client_capabilities())
  capabilities.workspace = capabilities.workspace or {}
  -- Neovim answers workspace/configuration from `settings` (vim.lsp.handlers), but 0.7 does not
  -- advertise it; advertising it lets the server pull the root's settings whenever it needs them.
  if capabilities.workspace.configuration == nil then
    capabilities.workspace.configuration = true
  end
  return {
    name = "hclspec",
    cmd = options.cmd,
    root_dir = root,
    capabilities = capabilities,
    -- Settings in initializationOptions apply from the first didOpen, before any settings
    -- exchange.
    init_options = section,
    settings = { hclspec = section },
    on_init = function(client)
      -- 0.8+ pushes non-empty settings after `initialized` itself; 0.7 never does.
      if vim.fn.has("nvim-0.8") == 0 then
        client.notify("workspace/didChangeConfiguration", { settings = client.config.settings })
      end
    end,
    on_attach = options.on_attach,
    on_exit = function(code, signal, client_id)
      if clients_by_root[root] == client_id then
        clients_by_root[root] = nil
      end
      if options.on_exit then
        options.on_exit(code, signal, client_id)
      end
    end,
  }
end

local function executable_present()
  local program = options.cmd[1]
  if vim.fn.executable(program) == 1 then
    return true
  end
  if not reported_missing[program] then
    reported_missing[program] = true
    notify(
      (
        "cannot start the language server: %q is not an executable file or on $PATH. "
        .. "Install hclspec or set `cmd` in require('hclspec').setup{}."
      ):format(program)
    )
  end
  return false
end

--- Starts the server for the buffer's root, or attaches the buffer to the one already running.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= "" then
    return
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  -- A buffer without a file (or a plugin's scheme://) has no folder to find a root from.
  if name == "" or name:match("^%a[%w+.-]*://") then
    return
  end
  if not executable_present() then
    return
  end
  local root = find_root(vim.fn.fnamemodify(name, ":p"))
  if vim.lsp.start then
    -- 0.8+: reuses the client with the same name and root_dir.
    vim.lsp.start(client_config(root), { bufnr = bufnr })
    return
  end
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(client_config(root))
    if not id then
      return
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

local function register_filetypes(group)
  local by_extension = { hcldec = "hcldec", nomad = "hcl" }
  local by_name = { [".hclspec.hcl"] = "hcl" }
  -- Neovim guesses between TinyFugue (`tf`) and Terraform for *.tf; a user who lists
  -- terraform means Terraform.
  if vim.tbl_contains(options.filetypes, "terraform") then
    by_extension.tf = "terraform"
  end
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = by_extension, filename = by_name })
  end
  -- filetype.vim, which vim.filetype.add does not reach, detects on 0.7 (and on 0.8-0.9 with
  -- g:do_legacy_filetype): there an autocommand does it.
  if vim.fn.has("nvim-0.8") == 0 or vim.g.do_legacy_filetype then
    local patterns = {}
    for extension, filetype in pairs(by_extension) do
      patterns["*." .. extension] = filetype
    end
    for file_name, filetype in pairs(by_name) do
      patterns[file_name] = filetype
    end
    for pattern, filetype in pairs(patterns) do
      vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
        group = group,
        pattern = pattern,
        callback = function(args)
          vim.bo[args.buf].filetype = filetype
        end,
      })
    end
  end
end

--- Registers the filetypes and starts the server for buffers of `filetypes`.
--- Options: cmd, rules, dynamic_blocks, filetypes, root_markers, capabilities, on_attach, on_exit.
function M.setup(opts)
  options = vim.tbl_extend("force", vim.deepcopy(defaults), opts or {})
  if type(options.cmd) == "string" then
    options.cmd = { options.cmd }
  end
  options.rules = checked_rules(options.rules)
  if type(options.dynamic_blocks) ~= "boolean" then
    notify("dynamic_blocks must be true or false; it is left off", vim.log.levels.WARN)
    options.dynamic_blocks = false
  end
  local group = vim.api.nvim_create_augroup("hclspec", { clear = true })
  register_filetypes(group)
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = options.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers opened before setup (a lazily loaded plugin) get the server too.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if
      vim.api.nvim_buf_is_loaded(bufnr)
      and vim.tbl_contains(options.filetypes, vim.bo[bufnr].filetype)
    then
      M.attach(bufnr)
    end
  end
end

return M
