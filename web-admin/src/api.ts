import { fetchUtils, HttpError } from 'react-admin';
import { i18nProvider } from './i18n/i18nProvider';

/** The admin API: every answer is `{ code, result, message }`; business failures come with HTTP 200. */
export const API_URL = '/swx/admin';

const SESSION_KEY = 'swx-admin-session';

export interface AdminSession {
  token: string;
  expiresAt: string;
  admin: { id: string; email: string; roles: string[] };
}

interface Envelope<T = unknown> {
  code: number;
  result: T;
  message: string;
}

export function loadSession(): AdminSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    const session = raw ? (JSON.parse(raw) as AdminSession) : null;
    if (!session || Date.parse(session.expiresAt) <= Date.now()) return null;
    return session;
  } catch {
    return null;
  }
}

export function saveSession(session: AdminSession | null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
}

/** The envelope's failure as react-admin's HttpError; field errors feed the forms' server-side validation. */
function failure(envelope: Envelope, httpStatus: number): HttpError {
  const fields = Array.isArray(envelope.result)
    ? (envelope.result as { field?: unknown; message?: unknown }[]).filter(
        (e): e is { field: string; message: string } =>
          typeof e?.field === 'string' && typeof e?.message === 'string',
      )
    : [];
  const message = fields.length
    ? `${envelope.message}: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`
    : envelope.message || `HTTP ${httpStatus}`;
  const errors = Object.fromEntries(fields.map((f) => [f.field, f.message]));
  return new HttpError(message, envelope.code, { ...envelope, errors });
}

/**
 * fetch, with a network failure (no connection, the server down: the browser's raw "Failed to
 * fetch") said in the console's language. An aborted request stays as it is.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError(i18nProvider.translate('swx.network.unreachable'), 0, { network: true });
  }
}

function authHeaders(headers: Headers): Headers {
  const session = loadSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  headers.set('Accept-Language', document.documentElement.lang || 'en');
  return headers;
}

/** ra-data-simple-rest's httpClient: adds the session, unwraps the envelope, keeps Content-Range. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = authHeaders(new Headers(options.headers ?? { Accept: 'application/json' }));
  if (options.body && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await send(url, { ...options, headers });
  const body = await response.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(body) as Envelope;
  } catch {
    throw new HttpError(body || response.statusText, response.status, body);
  }
  if (envelope.code !== 200 || response.status >= 400) throw failure(envelope, response.status);
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.stringify(envelope.result),
    // unknown: each caller says what it expects (`json as T`), ra-data-simple-rest takes any.
    json: envelope.result,
  };
}

/** A JSON call to the admin API answering the envelope's result. */
export async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return json as T;
}

/** A binary answer (voucher, KYC document, PDF) fetched with the session, as an object URL. */
export async function fetchBlobUrl(url: string): Promise<string> {
  const response = await send(url, { headers: authHeaders(new Headers()) });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    throw failure((await response.json()) as Envelope, response.status);
  }
  if (!response.ok) throw new HttpError(response.statusText, response.status);
  return URL.createObjectURL(await response.blob());
}
