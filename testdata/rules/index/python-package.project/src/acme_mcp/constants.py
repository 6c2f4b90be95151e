# expect: MCP102
SESSION_HEADER = "mcp-session-id"
# expect: MCP103
LAST_EVENT_ID = "Last-Event-ID"
CONTENT_TYPE = "content-type"
