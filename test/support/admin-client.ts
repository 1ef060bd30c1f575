/** A small client of the admin API for tests: every call over real HTTP, answers parsed. */
export interface AdminResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface AdminClient {
  get(path: string): Promise<AdminResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<AdminResponse>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<AdminResponse>;
  delete(path: string, headers?: Record<string, string>): Promise<AdminResponse>;
}

/** `token`: sent as `Authorization: Bearer` on every call. */
export function adminClient(baseUrl: string, token?: string): AdminClient {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<AdminResponse> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body ?? {}, headers),
    put: (path, body, headers) => call('PUT', path, body, headers),
    delete: (path, headers) => call('DELETE', path, undefined, headers),
  };
}
