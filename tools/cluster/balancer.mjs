// The cluster's load balancer: Debian's nginx in the machine's own namespace, round robin over the APIs, no sticky
// sessions, with the body size, time-outs and retry policy of the Kubernetes Ingress (read from k8s/base/ingress.yaml,
// so the two cannot drift) and the headers ingress-nginx sets. An idempotent request whose API fails before answering (connection
// refused or reset, a time-out) is passed to the next API, as ingress-nginx's `proxy-next-upstream` does; a POST is
// passed on only when it never reached an API (a refused connection), so none is applied twice.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { managedProcess, waitForPort } from './processes.mjs';

export function ingressLimits(root) {
  const ingress = parse(readFileSync(path.join(root, 'k8s/base/ingress.yaml'), 'utf8'));
  const notes = ingress.metadata.annotations;
  return {
    bodySize: notes['nginx.ingress.kubernetes.io/proxy-body-size'],
    readTimeoutS: Number(notes['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    sendTimeoutS: Number(notes['nginx.ingress.kubernetes.io/proxy-send-timeout']),
    nextUpstream: notes['nginx.ingress.kubernetes.io/proxy-next-upstream'],
    nextUpstreamTries: Number(notes['nginx.ingress.kubernetes.io/proxy-next-upstream-tries']),
    nextUpstreamTimeoutS: Number(notes['nginx.ingress.kubernetes.io/proxy-next-upstream-timeout']),
  };
}

export function nginxConfig({ dir, port, upstreams, limits }) {
  const temp = (name) => path.join(dir, 'nginx', name);
  return `# Written by tools/cluster/balancer.mjs for one cluster run.
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 2048; }
http {
  log_format upstream '$remote_addr "$request" $status $request_time upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${temp('access.log')} upstream;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};

  upstream cqa_api {
    # Round robin, no stickiness. A refused connection takes an API out for 2 s; the next request tries it again.
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`).join('\n')}
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size ${limits.bodySize};
    proxy_connect_timeout 2s;
    proxy_read_timeout ${limits.readTimeoutS}s;
    proxy_send_timeout ${limits.sendTimeoutS}s;
    # A new connection per request (no upstream keep-alive): a draining API refuses new connections at once, so the
    # request goes to the other API instead of racing the close of an idle kept-alive one.
    proxy_http_version 1.1;
    proxy_set_header Connection "close";
    proxy_set_header Host $http_host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Forwarded-Port $server_port;
    proxy_request_buffering on;
    proxy_buffering off;
    # The Ingress's retry policy: a failed connection or a time-out only. A 503 is the API's own answer (a dependency
    # is down, for every API alike): passing it on would only mark both APIs failed and answer 502 instead.
    proxy_next_upstream ${limits.nextUpstream};
    proxy_next_upstream_tries ${limits.nextUpstreamTries};
    proxy_next_upstream_timeout ${limits.nextUpstreamTimeoutS}s;
    location / {
      proxy_pass http://cqa_api;
      # Which API answered (the cluster test's evidence that a journey crossed replicas); not in the Ingress.
      add_header X-Cluster-Upstream $upstream_addr always;
    }
  }
}
`;
}

export async function startBalancer({ root, dir, port, upstreams }) {
  mkdirSync(path.join(dir, 'nginx'), { recursive: true });
  const file = path.join(dir, 'nginx', 'nginx.conf');
  const limits = ingressLimits(root);
  writeFileSync(file, nginxConfig({ dir, port, upstreams, limits }));
  const nginx = managedProcess({ name: 'nginx', command: 'nginx', args: ['-c', file, '-p', path.join(dir, 'nginx'), '-g', 'daemon off;'], logDir: dir, graceMs: 10_000 });
  nginx.start();
  await waitForPort('127.0.0.1', port, 10_000);
  let inRotation = [...upstreams];
  /** Rewrites the upstream list and reloads nginx gracefully (requests in flight finish on the old workers). */
  const rotate = async (next) => {
    inRotation = next;
    writeFileSync(file, nginxConfig({ dir, port, upstreams: next, limits }));
    nginx.signal('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: path.join(dir, 'nginx', 'access.log'),
    /** Out of rotation before a planned stop, as Kubernetes removes a terminating pod's endpoint. */
    remove: (address) => rotate(inRotation.filter((upstream) => upstream !== address)),
    /** Back in rotation once ready. */
    add: (address) => (inRotation.includes(address) ? undefined : rotate([...inRotation, address])),
    stop: () => nginx.stop(),
    close: () => nginx.close(),
  };
}
