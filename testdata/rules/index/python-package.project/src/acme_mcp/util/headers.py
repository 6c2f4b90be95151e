from ..constants import SESSION_HEADER
from other_package.constants import SESSION_HEADER as THEIR_HEADER


def echo_session(request, response):
    # expect: MCP102
    # expect-dual: MCP102=note
    response.headers[SESSION_HEADER] = request.headers.get("x-request-id")


def forward(request):
    # A name of a package outside the project stays a name.
    # ok: MCP102
    return request.headers.get(THEIR_HEADER)
