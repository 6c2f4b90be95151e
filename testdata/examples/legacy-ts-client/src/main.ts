#!/usr/bin/env node
import { callToolModern, probe } from './probe.js';
import { openLegacySession, runLongTool } from './session.js';
import { watchNotifications } from './events.js';

async function main(): Promise<void> {
  const [serverUrl, tool, rawArgs] = process.argv.slice(2);
  if (!serverUrl || !tool) {
    console.error('usage: fleet-agent <server-url> <tool> [json-args]');
    process.exit(2);
  }
  const url = new URL(serverUrl);
  const args = rawArgs ? (JSON.parse(rawArgs) as Record<string, unknown>) : {};

  const report = await probe(url);
  console.error(`${report.serverName ?? url.host}: ${report.era} (${report.protocolVersion})`);

  if (report.era === 'modern') {
    const result = await callToolModern(url, tool, args);
    console.log(JSON.stringify(result, null, 2));
    return;
  }

  const session = await openLegacySession(url);
  const stop = new AbortController();
  if (session.transport.sessionId) {
    void watchNotifications(
      url,
      session.transport.sessionId,
      (n) => console.error(`[notification] ${n.method}`),
      stop.signal,
    );
  }

  try {
    const result = await runLongTool(session, tool, args);
    console.log(JSON.stringify(report.structuredOutput ? result.structuredContent ?? result.content : result.content, null, 2));
  } finally {
    stop.abort();
    await session.client.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
