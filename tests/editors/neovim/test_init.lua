-- A headless Neovim session driving hclspec through editors/neovim; writes its checks to a report.
--
-- Environment: HCLSPEC_TEST_PLUGIN (editors/neovim), HCLSPEC_TEST_SERVER (the executable),
-- HCLSPEC_TEST_WORKSPACE (a copy of fixtures/neovim_workspace), HCLSPEC_TEST_REPORT (output
-- file), HCLSPEC_TEST_TIMEOUT_MS (how long one wait may take). Exits 0 when every check
-- passed, 1 otherwise.

local plugin = assert(os.getenv("HCLSPEC_TEST_PLUGIN"), "HCLSPEC_TEST_PLUGIN is not set")
local server = assert(os.getenv("HCLSPEC_TEST_SERVER"), "HCLSPEC_TEST_SERVER is not set")
local workspace = assert(os.getenv("HCLSPEC_TEST_WORKSPACE"), "HCLSPEC_TEST_WORKSPACE is not set")
local report_path = assert(os.getenv("HCLSPEC_TEST_REPORT"), "HCLSPEC_TEST_REPORT is not set")
local timeout = tonumber(os.getenv("HCLSPEC_TEST_TIMEOUT_MS") or "5000")

local lines = {}
local failures = 0

local function check(ok, what, detail)
  if ok then
    table.insert(lines, "ok   " .. what)
  else
    failures = failures + 1
    table.insert(lines, "FAIL " .. what .. (detail and (": " .. detail) or ""))
  end
  return ok
end

-- Stops the scenario: what follows depends on what just failed.
local Abort = {}

local function require_ok(ok, what, detail)
  if not check(ok, what, detail) then
    error(Abort)
  end
end

-- The plugin, installed on the runtimepath as a plugin manager would, and set up as a user
-- would: rules for nomad/*.nomad (the fixture's .hclspec.hcl leaves them out), `dynamic` blocks
-- read.
vim.opt.runtimepath:prepend(plugin)
local exit_codes = {}
require("hclspec").setup({
  cmd = { server, "serve" },
  rules = { { files = { "nomad/*.nomad" }, spec = "specs/job.hcldec" } },
  dynamic_blocks = true,
  on_exit = function(code, _, client_id)
    exit_codes[client_id] = code
  end,
})

-- The server's own positions (UTF-16) as published, next to what Neovim makes of them (bytes).
local published = {}
local publish_handler = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published[result.uri] = { version = result.version, diagnostics = result.diagnostics }
  return publish_handler(err, result, ctx, config)
end

local function utf16_length(text)
  local units = 0
  for i = 1, #text do
    local byte = text:byte(i)
    if byte < 0x80 or byte >= 0xC0 then
      units = units + (byte >= 0xF0 and 2 or 1)
    end
  end
  return units
end

local function clients_of(buf)
  local found = {}
  if vim.lsp.get_clients then
    found = vim.lsp.get_clients({ bufnr = buf })
  else
    for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
      table.insert(found, client)
    end
  end
  return found
end

local function all_clients()
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
end

local function open(relative)
  vim.cmd("edit " .. vim.fn.fnameescape(workspace .. "/" .. relative))
  local buf = vim.api.nvim_get_current_buf()
  return buf, vim.uri_from_bufnr(buf)
end

local function wait_attached(buf, relative)
  local attached = vim.wait(timeout, function()
    local clients = clients_of(buf)
    return #clients == 1 and clients[1].initialized
  end, 10)
  require_ok(attached, relative .. ": a client is attached and initialized")
  return clients_of(buf)[1]
end

local function wait_published(buf, uri, relative)
  -- The version Neovim sent last (0.11+ sends the buffer's changedtick).
  local version = vim.lsp.util.buf_versions and vim.lsp.util.buf_versions[buf]
    or vim.b[buf].changedtick
  local arrived = vim.wait(timeout, function()
    return published[uri] ~= nil and published[uri].version == version
  end, 10)
  check(arrived, ("%s: diagnostics published for version %s"):format(relative, tostring(version)))
  return arrived
end

-- Each expected diagnostic is {line (0-based), the text it starts at, code}. Both Neovim's
-- byte column and the server's UTF-16 character are checked against that text's place.
local function check_diagnostics(buf, uri, relative, expected)
  local text = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local got_vim = vim.diagnostic.get(buf)
  local got_lsp = (published[uri] or {}).diagnostics or {}
  check(
    #got_vim == #expected and #got_lsp == #expected,
    ("%s: %d diagnostics"):format(relative, #expected),
    ("Neovim has %d, the server published %d"):format(#got_vim, #got_lsp)
  )
  for _, want in ipairs(expected) do
    local line, anchor, code = want[1], want[2], want[3]
    local start = assert(text[line + 1]:find(anchor, 1, true), "anchor not in fixture: " .. anchor)
    local byte_col = start - 1
    local utf16_col = utf16_length(text[line + 1]:sub(1, byte_col))
    local in_vim, in_lsp = false, false
    for _, d in ipairs(got_vim) do
      in_vim = in_vim or (d.lnum == line and d.col == byte_col and d.code == code)
    end
    for _, d in ipairs(got_lsp) do
      in_lsp = in_lsp
        or (d.range.start.line == line and d.range.start.character == utf16_col and d.code == code)
    end
    local where = ("%s:%d:%d %s"):format(relative, line + 1, byte_col + 1, code)
    check(in_vim, where .. " (Neovim, byte column " .. byte_col .. ")", vim.inspect(got_vim))
    check(in_lsp, where .. " (server, UTF-16 character " .. utf16_col .. ")", vim.inspect(got_lsp))
  end
end

local function request(buf, method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, timeout)
  for _, response in pairs(responses or {}) do
    if response.result then
      return response.result
    end
  end
  return nil
end

local function position_params(line, col)
  vim.api.nvim_win_set_cursor(0, { line, col })
  return vim.lsp.util.make_position_params()
end

local function scenario()
  -- 1. A project-rule file (.hclspec.hcl), with non-ASCII text (also outside the BMP) before
  --    an error on the same line.
  local web, web_uri = open("jobs/web.hcl")
  check(vim.bo[web].filetype == "hcl", "jobs/web.hcl: filetype hcl", vim.bo[web].filetype)
  local root_client = wait_attached(web, "jobs/web.hcl")
  check(
    root_client.config.root_dir == workspace,
    "jobs/web.hcl: root is the workspace (.hclspec.hcl)",
    root_client.config.root_dir
  )
  if wait_published(web, web_uri, "jobs/web.hcl") then
    check_diagnostics(web, web_uri, "jobs/web.hcl", {
      { 3, "task", "missing-required-argument" },
      { 4, "drver", "unsupported-argument" },
      { 5, '"two"', "incorrect-attribute-value-type" },
      { 8, '"extra"', "extraneous-label" },
    })
  end

  -- 2. A file the plugin's rules associate (*.nomad, a filetype the plugin registers).
  local app, app_uri = open("nomad/app.nomad")
  check(vim.bo[app].filetype == "hcl", "nomad/app.nomad: filetype hcl", vim.bo[app].filetype)
  local app_client = wait_attached(app, "nomad/app.nomad")
  check(app_client.id == root_client.id, "nomad/app.nomad: the root's client is reused")
  if wait_published(app, app_uri, "nomad/app.nomad") then
    check_diagnostics(app, app_uri, "nomad/app.nomad", {
      { 2, '"high"', "incorrect-attribute-value-type" },
      { 4, "task", "missing-required-argument" },
    })
  end

  local completion = request(app, "textDocument/completion", position_params(6, 0))
  local items = completion and (completion.items or completion) or {}
  local labels, snippets = {}, 0
  for _, item in ipairs(items) do
    labels[item.label] = true
    snippets = snippets + (item.insertTextFormat == 2 and 1 or 0)
  end
  check(
    labels.driver and labels.count,
    "nomad/app.nomad:6:1 completion offers the task's driver and count",
    vim.inspect(vim.tbl_keys(labels))
  )
  check(
    not labels.name and not labels.task,
    "nomad/app.nomad:6:1 completion leaves out the root's items",
    vim.inspect(vim.tbl_keys(labels))
  )
  check(
    #items > 0 and snippets == 0,
    "nomad/app.nomad: no snippets for a client without snippetSupport",
    ("%d of %d are snippets"):format(snippets, #items)
  )

  local hover = request(app, "textDocument/hover", position_params(3, 3))
  -- Neovim 0.7 asks for markdown first: the server answers with MarkupContent.
  local contents = type(hover) == "table" and hover.contents or {}
  local value = type(contents.value) == "string" and contents.value or ""
  check(contents.kind == "markdown", "nomad/app.nomad:3:4 hover is markdown", vim.inspect(hover))
  check(
    value:find("`priority`", 1, true) and value:find("`number`", 1, true),
    "nomad/app.nomad:3:4 hover gives priority's type",
    vim.inspect(value)
  )
  check(
    value:find("How urgent the job is", 1, true),
    "nomad/app.nomad:3:4 hover gives the spec's description",
    vim.inspect(value)
  )

  -- 2b. dynamic_blocks: sent in initializationOptions and the settings, so the server reads the
  --     dynamic block as task blocks and checks its content as a task's body.
  local ports, ports_uri = open("nomad/ports.nomad")
  local ports_client = wait_attached(ports, "nomad/ports.nomad")
  check(
    ports_client.config.init_options.dynamicBlocks == true
      and ports_client.config.settings.hclspec.dynamicBlocks == true,
    "nomad/ports.nomad: dynamicBlocks in initializationOptions and the hclspec settings",
    vim.inspect({ ports_client.config.init_options, ports_client.config.settings })
  )
  if wait_published(ports, ports_uri, "nomad/ports.nomad") then
    check_diagnostics(ports, ports_uri, "nomad/ports.nomad", {
      { 6, "content", "missing-required-argument" },
      { 7, "drver", "unsupported-argument" },
    })
  end

  -- 3. A modeline.
  local db, db_uri = open("modeline/db.hcl")
  wait_attached(db, "modeline/db.hcl")
  if wait_published(db, db_uri, "modeline/db.hcl") then
    check_diagnostics(
      db,
      db_uri,
      "modeline/db.hcl",
      { { 3, '"five"', "incorrect-attribute-value-type" } }
    )
  end

  -- 4. A spec file: filetype hcldec, checked by the built-in meta-spec (no problems).
  local spec, spec_uri = open("specs/job.hcldec")
  check(
    vim.bo[spec].filetype == "hcldec",
    "specs/job.hcldec: filetype hcldec",
    vim.bo[spec].filetype
  )
  wait_attached(spec, "specs/job.hcldec")
  if wait_published(spec, spec_uri, "specs/job.hcldec") then
    check_diagnostics(spec, spec_uri, "specs/job.hcldec", {})
  end

  -- 5. A nested project: its own root, so its own client.
  local tool, tool_uri = open("tools/build.hcl")
  local tool_client = wait_attached(tool, "tools/build.hcl")
  check(
    tool_client.id ~= root_client.id and tool_client.config.root_dir == workspace .. "/tools",
    "tools/build.hcl: a second client, rooted at tools/",
    tool_client.config.root_dir
  )
  if wait_published(tool, tool_uri, "tools/build.hcl") then
    check_diagnostics(tool, tool_uri, "tools/build.hcl", {
      { 0, "# Checked", "missing-required-argument" },
      { 1, "comand", "unsupported-argument" },
    })
  end

  -- 6. Edits (didChange, incremental): fix a name, then delete a label after non-ASCII text,
  --    which only works if the server reads the change's range in UTF-16.
  vim.api.nvim_set_current_buf(web)
  vim.api.nvim_buf_set_text(web, 4, 2, 4, 7, { "driver" })
  local task_line = vim.api.nvim_buf_get_lines(web, 8, 9, false)[1]
  local label = assert(task_line:find(' "extra"', 1, true))
  vim.api.nvim_buf_set_text(web, 8, label - 1, 8, label - 1 + #' "extra"', {})
  if wait_published(web, web_uri, "jobs/web.hcl after two edits") then
    check_diagnostics(web, web_uri, "jobs/web.hcl after two edits", {
      { 5, '"two"', "incorrect-attribute-value-type" },
    })
  end

  -- 7. Formatting with the client's own command (format in 0.8+, formatting_sync in 0.7): the
  --    buffer becomes what `hclspec fmt` prints, non-ASCII text before the edits included.
  local ugly = open("format/ugly.hcl")
  wait_attached(ugly, "format/ugly.hcl")
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = ugly, timeout_ms = timeout })
  else
    vim.lsp.buf.formatting_sync(nil, timeout)
  end
  local formatted = vim.api.nvim_buf_get_lines(ugly, 0, -1, false)
  check(
    vim.deep_equal(formatted, {
      'name = "é😀" # first',
      'block "x" {',
      "  inner = { a = 1, b = [1, 2] }",
      "  ñé    = 1",
      "}",
    }),
    "format/ugly.hcl: formatted as hclspec fmt formats it",
    vim.inspect(formatted)
  )

  -- 8. The outline and folding: documentSymbol (hierarchical, as Neovim asks) and foldingRange
  --    requests through the client.
  local params = { textDocument = vim.lsp.util.make_text_document_params(web) }
  local answers = vim.lsp.buf_request_sync(web, "textDocument/documentSymbol", params, timeout)
  local names = {}
  for _, answer in pairs(answers or {}) do
    for _, symbol in ipairs(answer.result or {}) do
      names[#names + 1] = symbol.name
      for _, child in ipairs(symbol.children or {}) do
        names[#names + 1] = symbol.name .. "/" .. child.name
      end
    end
  end
  check(
    vim.tbl_contains(names, 'task "frontend"') and vim.tbl_contains(names, 'task "frontend"/driver'),
    "jobs/web.hcl: document symbols name the blocks and their attributes",
    vim.inspect(names)
  )
  answers = vim.lsp.buf_request_sync(web, "textDocument/foldingRange", params, timeout)
  local folds = {}
  for _, answer in pairs(answers or {}) do
    for _, range in ipairs(answer.result or {}) do
      folds[#folds + 1] = ("%d-%d"):format(range.startLine, range.endLine)
    end
  end
  check(#folds == 2, "jobs/web.hcl: the two task blocks fold", vim.inspect(folds))

  -- 9. The servers shut down cleanly when asked.
  local ids = {}
  for _, client in ipairs(all_clients()) do
    table.insert(ids, client.id)
  end
  vim.lsp.stop_client(ids)
  local stopped = vim.wait(timeout, function()
    return #vim.tbl_keys(exit_codes) == #ids
  end, 10)
  check(stopped and #ids == 2, ("%d clients stopped"):format(#ids), vim.inspect(exit_codes))
  for id, code in pairs(exit_codes) do
    check(code == 0, ("client %d: the server exited with status 0"):format(id), tostring(code))
  end

  -- 9. A missing executable is said with vim.notify, and nothing is started.
  local notified = {}
  vim.notify = function(message, level)
    table.insert(notified, { message = message, level = level })
  end
  -- Checks that one message was notified since the last check, at `level` and naming `name`.
  local function check_notified_once(level, name, what)
    check(
      #notified == 1 and notified[1].level == level and notified[1].message:find(name, 1, true),
      what,
      vim.inspect(notified)
    )
    notified = {}
  end
  local missing = { workspace .. "/no-such-hclspec", "serve" }
  require("hclspec").setup({ cmd = missing })
  open(".hclspec.hcl")
  vim.wait(100)
  check_notified_once(
    vim.log.levels.ERROR,
    "no-such-hclspec",
    "a missing executable is reported once through vim.notify"
  )
  check(#all_clients() == 0, "no client is started without the executable")

  -- 10. A dynamic_blocks that is not a boolean is said with vim.notify.
  require("hclspec").setup({ cmd = missing, dynamic_blocks = "yes" })
  check_notified_once(
    vim.log.levels.WARN,
    "dynamic_blocks",
    "a dynamic_blocks that is not a boolean is reported through vim.notify"
  )
end

vim.api.nvim_create_autocmd("VimEnter", {
  once = true,
  callback = function()
    vim.schedule(function()
      local ok, err = xpcall(scenario, function(e)
        return e == Abort and e or debug.traceback(e)
      end)
      if not ok and err ~= Abort then
        check(false, "the scenario ran to its end", tostring(err))
      elseif not ok then
        check(false, "the scenario stopped at the first failure above")
      end
      table.insert(
        lines,
        failures == 0 and "RESULT: PASS" or ("RESULT: FAIL (%d)"):format(failures)
      )
      local file = assert(io.open(report_path, "w"))
      file:write(table.concat(lines, "\n"), "\n")
      file:close()
      vim.cmd(failures == 0 and "qall!" or "cquit 1")
    end)
  end,
})
