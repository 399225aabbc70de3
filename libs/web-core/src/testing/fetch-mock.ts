/**
 * A stand-in for fetch and Request in jsdom tests: answers by URL from queued replies (the last one repeats) and
 * records each call. Unknown URLs answer 404.
 */
export interface MockReply { status: number; body?: unknown }
export interface MockCall { url: string; method: string; auth: string | null; credentials?: string; body?: unknown }

export function installFetchMock() {
  const calls: MockCall[] = [];
  const replies: Record<string, MockReply[]> = {};
  globalThis.Request = class {
    url: string; method: string; headers: Headers; credentials?: string; body?: unknown;
    constructor(url: string, init: { headers: Headers; method?: string; credentials?: string; body?: unknown }) {
      this.url = url; this.method = init.method ?? 'GET'; this.headers = new Headers(init.headers); this.credentials = init.credentials;
      this.body = init.body;
    }
    clone() { return this; }
  } as unknown as typeof Request;
  globalThis.fetch = (async (request: { url: string; method: string; headers: Headers; credentials?: string; body?: unknown }) => {
    calls.push({
      url: request.url, method: request.method, auth: request.headers.get('Authorization'), credentials: request.credentials,
      body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined,
    });
    const queue = replies[request.url] ?? [];
    const reply = queue.length > 1 ? (queue.shift() as MockReply) : (queue[0] ?? { status: 404, body: { message: 'Not Found' } });
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      ok: reply.status < 400,
      status: reply.status,
      headers: new Map([['content-type', 'application/json']]),
      clone() { return this; },
      text: async () => text,
    };
  }) as unknown as typeof fetch;
  return {
    calls,
    reply(url: string, ...answers: MockReply[]) { replies[url] = answers; },
  };
}
