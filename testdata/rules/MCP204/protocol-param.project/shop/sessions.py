import mcp.types as types


class Sessions:
    def create_session(self, client_info: dict, protocol_version: str) -> str:
        return f"{client_info['name']}@{protocol_version}"

    def create_record(self, client_info: dict, created: str) -> str:
        return f"{client_info['name']}@{created}"
