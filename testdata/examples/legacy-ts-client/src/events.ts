// Listens on the server's notification stream (list changes, resource updates)
// and reconnects from the last event the server numbered.

export type JsonRpcNotification = { jsonrpc: '2.0'; method: string; params?: Record<string, unknown> };

export async function watchNotifications(
  url: URL,
  sessionId: string,
  onNotification: (n: JsonRpcNotification) => void,
  signal: AbortSignal,
): Promise<void> {
  let lastEventId: string | undefined;
  let backoffMs = 500;

  while (!signal.aborted) {
    try {
      const res = await fetch(url, {
        method: 'GET',
        headers: {
          Accept: 'text/event-stream',
          'Mcp-Session-Id': sessionId,
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
        signal,
      });
      if (res.status === 405) return; // server offers no stream
      if (!res.ok || !res.body) throw new Error(`GET ${url} -> ${res.status}`);
      backoffMs = 500;

      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;

        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);

          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) onNotification(JSON.parse(data) as JsonRpcNotification);
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      console.error(`notification stream dropped (${(err as Error).message}); retrying in ${backoffMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, backoffMs));
    backoffMs = Math.min(backoffMs * 2, 30_000);
  }
}
