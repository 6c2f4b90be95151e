"""Circulation desk tools for the branch library, served over MCP."""
