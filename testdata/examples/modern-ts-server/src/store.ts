import { randomUUID } from 'node:crypto';

export type IncidentStatus = 'open' | 'mitigated' | 'resolved';
export type Severity = 'sev1' | 'sev2' | 'sev3';

export interface Incident {
  id: string;
  title: string;
  service: string;
  severity: Severity;
  status: IncidentStatus;
  openedBy: string;
  escalatedTo?: string;
  createdAt: string;
}

export interface OnCallShift {
  service: string;
  primary: string;
  secondary: string;
  until: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** In-memory incident store. Writes that clients may retry are keyed by an idempotency key. */
export class IncidentStore {
  private readonly incidents = new Map<string, Incident>();
  private readonly byIdempotencyKey = new Map<string, { incidentId: string; at: number }>();
  private readonly rotation: OnCallShift[] = [
    { service: 'payments', primary: 'dana', secondary: 'liu', until: '2026-09-01T09:00:00Z' },
    { service: 'search', primary: 'marek', secondary: 'ines', until: '2026-09-01T09:00:00Z' },
  ];

  onCall(service: string): OnCallShift | undefined {
    return this.rotation.find((s) => s.service === service);
  }

  get(id: string): Incident | undefined {
    return this.incidents.get(id);
  }

  search(query: string, limit: number): Incident[] {
    const q = query.toLowerCase();
    return [...this.incidents.values()]
      .filter((i) => i.title.toLowerCase().includes(q) || i.service === q)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit);
  }

  /** Returns the incident created earlier under the same key, if there is one. */
  create(idempotencyKey: string, fields: Omit<Incident, 'id' | 'status' | 'createdAt'>): Incident {
    this.expireKeys();
    const seen = this.byIdempotencyKey.get(idempotencyKey);
    if (seen) return this.incidents.get(seen.incidentId)!;

    const incident: Incident = { ...fields, id: `INC-${randomUUID().slice(0, 8)}`, status: 'open', createdAt: new Date().toISOString() };
    this.incidents.set(incident.id, incident);
    this.byIdempotencyKey.set(idempotencyKey, { incidentId: incident.id, at: Date.now() });
    return incident;
  }

  setStatus(id: string, status: IncidentStatus): Incident | undefined {
    const incident = this.incidents.get(id);
    if (incident) incident.status = status;
    return incident;
  }

  escalate(idempotencyKey: string, id: string, responder: string): Incident | undefined {
    this.expireKeys();
    const incident = this.incidents.get(id);
    if (!incident || this.byIdempotencyKey.has(idempotencyKey)) return incident;
    incident.escalatedTo = responder;
    this.byIdempotencyKey.set(idempotencyKey, { incidentId: id, at: Date.now() });
    return incident;
  }

  private expireKeys(now = Date.now()): void {
    for (const [key, entry] of this.byIdempotencyKey) {
      if (now - entry.at > DAY_MS) this.byIdempotencyKey.delete(key);
    }
  }
}
