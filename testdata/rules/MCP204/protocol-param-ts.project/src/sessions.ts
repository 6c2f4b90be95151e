export class Sessions {
  createSession(clientInfo: { name: string }, protocolVersion: string): string {
    return `${clientInfo.name}@${protocolVersion}`;
  }

  createRecord(clientInfo: { name: string }, created: string): string {
    return `${clientInfo.name}@${created}`;
  }
}
