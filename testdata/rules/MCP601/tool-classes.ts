// Tools written as classes of a framework's tool base class.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { MCPTool } from "mcp-framework";
import { z } from "zod";

class SendEmailTool extends MCPTool {
  name = "send_email";  // expect: MCP601
  description = "Sends an email to a recipient";
  schema = { to: { type: z.string(), description: "Recipient" } };

  async execute(input: { to: string }) {
    return `sent to ${input.to}`;
  }
}

class ListMailboxesTool extends MCPTool {
  name = "list_mailboxes";  // ok: MCP601
  description = "Lists mailboxes";
  schema = {};

  async execute() {
    return [];
  }
}

class Mailer {
  name = "send_email";  // ok: MCP601

  async execute() {
    return "not a tool";
  }
}

export { SendEmailTool, ListMailboxesTool, Mailer };
