/**
 * Which service the dashboard talks to, and with which key. Kept in the browser (localStorage),
 * never in the bundle. With nothing stored, the dashboard asks the service that served it for a
 * demo key (`GET /api/connection` -> `{ apiKey }`, beyond the interface; only offered when the
 * operator enabled demo mode) and otherwise asks the user.
 *
 * The store is plain TypeScript (no React) so the shell, tests and start.tsx share one shape.
 */
import { createApiClient, type ApiClient } from '#client';
import { DEFAULT_BASE_URL } from './api.ts';

export interface ConnectionSettings {
  /** The API's base URL: `/api` (same origin) or `https://host/api`. */
  baseUrl: string;
  apiKey: string;
}

/** Where the key came from: typed by the user (kept in this browser), or offered by the service. */
export type KeySource = 'browser' | 'service';

/** What the last answers said about the connection (from queries and connection tests). */
export type ConnectionHealth = 'unknown' | 'ok' | 'unauthorized' | 'unreachable';

export interface ConnectionState {
  /** False while looking for a key at start. */
  ready: boolean;
  baseUrl: string;
  apiKey: string | null;
  keySource: KeySource | null;
  health: ConnectionHealth;
}

export const CONNECTION_STORAGE_KEY = 'control-room.connection';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ConnectionStoreOptions {
  /** localStorage in the browser; null keeps nothing (private mode, tests). */
  storage?: KeyValueStorage | null;
  /** The fetch every client of this store uses; tests route it into a server. */
  fetch?: typeof fetch;
  /** Called with a fresh client whenever the service URL or key changes. */
  onClientChange?: (client: ApiClient) => void;
}

export interface ConnectionStore {
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Loads the stored settings, or asks the service for a demo key. Call once at start. */
  start(): Promise<void>;
  /** Keeps the settings in this browser and switches every call to them. */
  save(settings: ConnectionSettings): void;
  /** Forgets the stored settings and looks for the service's key again. */
  forget(): Promise<void>;
  reportHealth(health: ConnectionHealth): void;
  /** A client for some settings (the connection dialog tests them before saving). */
  clientFor(settings: ConnectionSettings): ApiClient;
}

/** The absolute form of a base URL, for messages ("cannot reach http://localhost:8080/api"). */
export function resolveBaseUrl(baseUrl: string): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  try {
    return new URL(baseUrl, origin).toString().replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

/** Accepts a path on this origin (`/api`) or an http(s) URL. */
export function isValidBaseUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//');
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function readStored(storage: KeyValueStorage | null | undefined): ConnectionSettings | undefined {
  try {
    const raw = storage?.getItem(CONNECTION_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<ConnectionSettings>;
    if (typeof parsed.baseUrl === 'string' && typeof parsed.apiKey === 'string' && parsed.apiKey !== '') {
      return { baseUrl: parsed.baseUrl, apiKey: parsed.apiKey };
    }
  } catch {
    // Unreadable storage or a damaged entry: behave as if nothing was stored.
  }
  return undefined;
}

export function createConnectionStore(options: ConnectionStoreOptions = {}): ConnectionStore {
  const { storage, onClientChange } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const listeners = new Set<() => void>();
  let state: ConnectionState = { ready: false, baseUrl: DEFAULT_BASE_URL, apiKey: null, keySource: null, health: 'unknown' };

  const clientFor = (settings: { baseUrl: string; apiKey: string | null }) =>
    createApiClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey ?? undefined, fetch: doFetch });

  function setState(patch: Partial<ConnectionState>) {
    const next = { ...state, ...patch };
    const clientChanged = next.baseUrl !== state.baseUrl || next.apiKey !== state.apiKey;
    state = next;
    if (clientChanged) onClientChange?.(clientFor(state));
    for (const listener of listeners) listener();
  }

  /** Asks the same-origin service for the demo key; null when it offers none or is not ours. */
  async function discover(): Promise<{ apiKey: string | null; reachable: boolean }> {
    try {
      const response = await doFetch(`${resolveBaseUrl(DEFAULT_BASE_URL)}/connection`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
      // A gateway error (a dev proxy, a load balancer) answers for a service that is not there.
      if (!response.ok) return { apiKey: null, reachable: response.status < 502 || response.status > 504 };
      const body = (await response.json()) as { apiKey?: unknown };
      return { apiKey: typeof body.apiKey === 'string' && body.apiKey !== '' ? body.apiKey : null, reachable: true };
    } catch (error) {
      // A JSON parse failure means something answered (another server); a fetch failure means nothing did.
      return { apiKey: null, reachable: error instanceof SyntaxError };
    }
  }

  async function adoptDiscovered() {
    const { apiKey, reachable } = await discover();
    setState({
      ready: true,
      baseUrl: DEFAULT_BASE_URL,
      apiKey,
      keySource: apiKey ? 'service' : null,
      health: reachable ? 'unknown' : 'unreachable',
    });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      const stored = readStored(storage);
      if (stored) setState({ ready: true, ...stored, keySource: 'browser', health: 'unknown' });
      else await adoptDiscovered();
    },
    save(settings) {
      const next = { baseUrl: settings.baseUrl.trim(), apiKey: settings.apiKey.trim() };
      try {
        storage?.setItem(CONNECTION_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the settings still hold for this session.
      }
      setState({ ready: true, ...next, keySource: 'browser', health: 'unknown' });
    },
    async forget() {
      try {
        storage?.removeItem(CONNECTION_STORAGE_KEY);
      } catch {
        // Nothing to do: the entry is unreachable anyway.
      }
      await adoptDiscovered();
    },
    reportHealth(health) {
      if (health !== state.health) setState({ health });
    },
    clientFor,
  };
}
