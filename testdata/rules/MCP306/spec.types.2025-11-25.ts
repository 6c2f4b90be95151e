/**
 * A copy of the 2025-11-25 schema, kept for 2025 peers. Named after its revision, it is one
 * note, not a finding per line.
 */
import type { Result } from '@modelcontextprotocol/sdk/types.js';

// expect: MCP307=note
export const URL_ELICITATION_REQUIRED = -32042;
// ok: MCP306
export type ClientRequest = ListTasksRequest | GetTaskPayloadRequest;
// ok: MCP307
export type ServerNotification = ElicitationCompleteNotification;
export interface ListTasksResult extends Result {
  tasks: unknown[];
}
