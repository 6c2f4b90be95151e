"""A hand-written MCP server package."""
