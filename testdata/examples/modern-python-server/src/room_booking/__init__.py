"""Meeting-room booking for the office, served over MCP."""
