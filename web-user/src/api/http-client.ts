import { session, STORAGE } from '../shared/session';

/** The one HTTP client of the app (spec section 7, DESIGN.md "API contract"). */
export const API_PREFIX = '/swx/customer/';
export const TIMEOUT_MS = 90_000;

export interface Envelope<T> {
  code: number;
  result: T;
  message: string;
}

/** A failed call: `code` is the server's code (0 = network, -1 = time-out), `message` its localized text. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

interface Options {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Money-moving POSTs: the same key makes a retried request run once (libs/common idempotency). */
  idempotencyKey?: string;
  /** A book other than the current one (the demo and real balance views side by side). */
  book?: 'demo' | 'real';
}

/** Success codes the API answers besides 200 (spec section 8): submitted, under review, purchased, modified. */
export const SUCCESS_CODES = new Set([200, 20001, 20002, 20003, 20004, 20005]);

/** A successful answer with its code and the server's localized message (e.g. 20003 "under review"). */
export interface Answer<T> {
  code: number;
  result: T;
  message: string;
}

/** Accept-Language tags for the app's language codes. */
const ACCEPT: Record<string, string> = { zh: 'zh-CN', hk: 'zh-HK' };

let onUnauthorized: () => void = () => window.location.assign('/pass/login');
/** The router installs an in-app navigation for the 401 rule. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let fallbackMessages = { network: 'Network error', timeout: 'Request timed out', unknown: 'Unknown error' };
export function setClientMessages(messages: typeof fallbackMessages): void {
  fallbackMessages = messages;
}

/** GET parameters: arrays as repeated keys. */
export function serializeQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function requestHeaders(book?: 'demo' | 'real'): Record<string, string> {
  const lang = localStorage.getItem(STORAGE.lang) || 'en';
  const headers: Record<string, string> = {
    lang,
    'Accept-Language': ACCEPT[lang] ?? lang,
    // NO = demo (virtual) book while the demo flag is set (default), YES = real book.
    virtually: book
      ? book === 'real'
        ? 'YES'
        : 'NO'
      : localStorage.getItem(STORAGE.demo) === '0'
        ? 'YES'
        : 'NO',
  };
  const token = localStorage.getItem(STORAGE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function unauthorized(httpLevel: boolean) {
  if (httpLevel) session.clearAll();
  else session.clear();
  onUnauthorized();
}

export async function request<T>(method: 'GET' | 'POST', path: string, options: Options = {}): Promise<T> {
  return (await requestAnswer<T>(method, path, options)).result;
}

/** Fields of a 400 answer: `{field: message}` for showing each message under its input. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.result)) return {};
  const out: Record<string, string> = {};
  for (const f of error.result as { field?: string; message?: string }[]) {
    if (f.field && f.message && !out[f.field]) out[f.field] = f.message;
  }
  return out;
}

export const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export async function requestAnswer<T>(
  method: 'GET' | 'POST',
  path: string,
  options: Options & { form?: FormData } = {},
): Promise<Answer<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), TIMEOUT_MS);
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abort);
  const headers = requestHeaders(options.book);
  if (options.body !== undefined && !options.form) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path.replace(/^\//, '') + serializeQuery(options.query), {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (controller.signal.aborted) throw new ApiError(-1, fallbackMessages.timeout);
    throw new ApiError(0, fallbackMessages.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
  let data: Envelope<T> | null = null;
  try {
    data = (await response.json()) as Envelope<T>;
  } catch {
    data = null;
  }
  if (response.status === 401 || data?.code === 401) {
    unauthorized(response.status === 401);
    throw new ApiError(401, data?.message || fallbackMessages.unknown);
  }
  if (!data || typeof data.code !== 'number') {
    throw new ApiError(response.status || 0, fallbackMessages.unknown);
  }
  if (!SUCCESS_CODES.has(data.code)) {
    // 400 carries the localized field errors in result: they say more than the generic message.
    const fields = Array.isArray(data.result)
      ? (data.result as { message?: string }[]).map((f) => f.message).filter(Boolean)
      : [];
    throw new ApiError(
      data.code,
      fields.length ? fields.join(' ') : data.message || fallbackMessages.unknown,
      data.result,
    );
  }
  return { code: data.code, result: data.result, message: data.message };
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body: unknown = {}, signal?: AbortSignal) =>
    request<T>('POST', path, { body, signal }),
  /** GET on a given book (balance views of the other book). */
  getBook: <T>(book: 'demo' | 'real', path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal, book }),
  /** A money-moving POST: idempotent, answering the code and the server's message too. */
  send: <T>(path: string, body: unknown, idempotencyKey: string = newIdempotencyKey()) =>
    requestAnswer<T>('POST', path, { body, idempotencyKey }),
  /** A multipart POST (images with fields). */
  upload: <T>(path: string, form: FormData, idempotencyKey?: string) =>
    requestAnswer<T>('POST', path, { form, idempotencyKey }),
  /** A file the API sends (PDF, image) behind the Authorization header, as a blob. */
  async blob(path: string): Promise<Blob> {
    const response = await fetch(API_PREFIX + path.replace(/^\//, ''), { headers: requestHeaders() });
    if (!response.ok) throw new ApiError(response.status, fallbackMessages.unknown);
    return response.blob();
  },
};
