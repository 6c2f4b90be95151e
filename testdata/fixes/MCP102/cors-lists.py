"""A Starlette app whose CORS lists still name the session header."""

from mcp.server.fastmcp import FastMCP
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

mcp = FastMCP("notes", stateless_http=True)

middleware = [
    Middleware(
        CORSMiddleware,
        allow_origins=["*"],
        allow_headers=["Content-Type", "Mcp-Session-Id", "Authorization"],
        expose_headers=["mcp-session-id"],
    )
]


def add_cors(app):
    app.add_middleware(
        CORSMiddleware,
        allow_origins=["https://console.example"],
        expose_headers=[
            "Content-Type",
            "Mcp-Session-Id",
        ],
    )


def raw_headers(response):
    response.headers["Access-Control-Expose-Headers"] = "Content-Type, Mcp-Session-Id"
    return response
