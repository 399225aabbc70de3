// The cluster test's HTTP client: node:http with a chosen source address on loopback (127.0.0.x), so each scenario is
// its own client IP behind the balancer (per-IP limits), a time limit per request, and a small cookie jar.
import http from 'node:http';

/**
 * One request. Never throws: a network error or time-out comes back as `{ status: 0, error }`. `ms` is the time to
 * the whole answer; `upstream` the API that answered (the balancer's X-Cluster-Upstream).
 */
export function request(baseUrl, { method = 'GET', path, headers = {}, body, localAddress = '127.0.0.1', timeoutMs = 15_000, jar }) {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const allHeaders = { ...headers };
  if (payload && !Object.keys(allHeaders).some((name) => name.toLowerCase() === 'content-type')) allHeaders['content-type'] = 'application/json';
  if (payload) allHeaders['content-length'] = String(payload.length);
  if (jar?.cookie()) allHeaders.cookie = jar.cookie();
  return new Promise((resolve) => {
    const done = (result) => resolve({ method, path, ms: performance.now() - started, ...result });
    const req = http.request(new URL(path, baseUrl), { method, headers: allHeaders, localAddress, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        jar?.take(res.headers['set-cookie']);
        const buffer = Buffer.concat(chunks);
        let json;
        try { json = JSON.parse(buffer.toString('utf8')); } catch { json = undefined; }
        done({ status: res.statusCode, headers: res.headers, body: buffer, json, upstream: res.headers['x-cluster-upstream'] });
      });
      res.on('error', (error) => done({ status: 0, error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => done({ status: 0, error: error.message }));
    req.end(payload);
  });
}

/** Cookies by name, as a browser keeps them for one site (attributes ignored: the test talks to one origin). */
export function cookieJar() {
  const cookies = new Map();
  return {
    take(setCookie = []) {
      for (const line of setCookie) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    cookie: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    has: (name) => cookies.has(name),
  };
}

/** A multipart body with text fields before one file (the upload route's order). */
export function multipart(fields, file) {
  const boundary = `cqa-cluster-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
