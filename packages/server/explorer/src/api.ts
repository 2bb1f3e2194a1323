// The API client: the key (from the demo page's meta tag, else local storage) and JSON GETs.

const STORAGE_KEY = 'transit-api-key';

/** An API answer that is not 2xx, with the envelope's code and message. */
export class ApiFailure extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** The key to send: the demo key the server wrote into the page, else the one the user saved. */
export function apiKey(): string {
  const demo = document.querySelector<HTMLMetaElement>('meta[name="transit-demo-key"]')?.content ?? '';
  return demo || localStorage.getItem(STORAGE_KEY) || '';
}

/** Saves the user's key in local storage. */
export function saveKey(key: string): void {
  localStorage.setItem(STORAGE_KEY, key.trim());
}

/** GET `path` with `params` (undefined values left out) and the key; throws ApiFailure on an error envelope. */
export async function getJson<T = any>(path: string, params: Record<string, string | number | boolean | undefined> = {}): Promise<T> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  const qs = query.toString();
  const res = await fetch(qs ? `${path}?${qs}` : path, { headers: { 'X-Api-Key': apiKey() } });
  const body = await res.json().catch(() => null);
  // A wrong or missing key: ask for one (the form reloads the page with it).
  if (res.status === 401) document.getElementById('key-form')?.removeAttribute('hidden');
  if (!res.ok) throw new ApiFailure(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
  return body as T;
}
