from .constants import SESSION_HEADER, CONTENT_TYPE
import acme_mcp.constants as consts


def session_of(request):
    # expect: MCP102
    # expect-dual: MCP102=note
    return request.headers.get(SESSION_HEADER)


def resume_from(request):
    # expect: MCP103
    return request.headers.get(consts.LAST_EVENT_ID)


def content_type(request):
    # ok: MCP102
    return request.headers.get(CONTENT_TYPE)


# A parameter of the same name shadows the import.
def header_named(request, SESSION_HEADER):
    # ok: MCP102
    return request.headers.get(SESSION_HEADER)
