-- A minimal Neovim setup for flowrun's language server (Neovim 0.7 and later), used by
-- LanguageServerTests: it attaches `flowrun lsp` to YAML buffers, waits for the first
-- diagnostics, writes them (as `vim.diagnostic.get()` gives them) to FLOWRUN_NVIM_OUT,
-- and quits. The README's "Editors" section shows the same attach for daily use.
local flowrun = os.getenv("FLOWRUN_BIN") or "flowrun"
local out = os.getenv("FLOWRUN_NVIM_OUT")

vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    local id = vim.lsp.start_client({ name = "flowrun", cmd = { flowrun, "lsp" }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})

if out then
  vim.api.nvim_create_autocmd("DiagnosticChanged", {
    callback = function()
      local found = vim.diagnostic.get(0)
      if #found == 0 then return end
      local items = {}
      for _, d in ipairs(found) do
        table.insert(items, { lnum = d.lnum, col = d.col, end_col = d.end_col, code = d.code, message = d.message, severity = d.severity })
      end
      local file = io.open(out, "w")
      file:write(vim.fn.json_encode(items))
      file:close()
      vim.cmd("qall!")
    end,
  })
  vim.defer_fn(function() vim.cmd("qall!") end, 20000)
end
