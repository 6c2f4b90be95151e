"""The package's public names."""

from .constants import SESSION_HEADER, LAST_EVENT_ID

__all__ = ["SESSION_HEADER", "LAST_EVENT_ID"]
