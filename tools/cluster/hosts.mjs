// The cluster's hosts: one network namespace per process (`ip netns`), each joined by a veth pair to a bridge in the
// machine's own namespace. The bridge's subnet has no route beyond it and the namespaces get no default route, so
// nothing the cluster runs can send a packet past this machine. Needs root (CAP_NET_ADMIN); every name starts with
// `cqa-cl` so a crashed run's leftovers are found and removed by the next one.
import { execFileSync } from 'node:child_process';

export const BRIDGE = { name: 'cqa-cl-br', address: '10.213.0.1', prefix: 24 };
const NAMESPACE_PREFIX = 'cqa-cl-';

function ip(args, { ignoreFailure = false } = {}) {
  try {
    return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if (ignoreFailure) return '';
    throw new Error(`ip ${args.join(' ')} failed: ${error.stderr?.trim() || error.message}`);
  }
}

/** Whether this process may create namespaces (root with CAP_NET_ADMIN); the reason when it may not. */
export function namespacesUnavailable() {
  if (process.getuid?.() !== 0) return 'the cluster needs root: it creates network namespaces (ip netns)';
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'the `ip` command (iproute2) is missing or cannot list network namespaces';
  }
}

export function namespaceOf(hostName) {
  return `${NAMESPACE_PREFIX}${hostName}`;
}

/** Removes every namespace and the bridge an earlier run left behind (a crash, a SIGKILL of the command). */
export function removeLeftovers() {
  for (const line of ip(['netns', 'list'], { ignoreFailure: true }).split('\n')) {
    const name = line.split(' ')[0];
    if (!name.startsWith(NAMESPACE_PREFIX)) continue;
    // A process still inside keeps the namespace (and its veth pair) alive after `netns del`.
    for (const pid of ip(['netns', 'pids', name], { ignoreFailure: true }).split('\n').filter(Boolean)) {
      try { process.kill(Number(pid), 'SIGKILL'); } catch { /* already gone */ }
    }
    ip(['netns', 'del', name], { ignoreFailure: true });
  }
  for (const line of ip(['-o', 'link', 'show'], { ignoreFailure: true }).split('\n')) {
    const link = /^\d+: (cqcl-[^@:]+)/.exec(line)?.[1];
    if (link) ip(['link', 'del', link], { ignoreFailure: true });
  }
  ip(['link', 'del', BRIDGE.name], { ignoreFailure: true });
}

export function createBridge() {
  ip(['link', 'add', BRIDGE.name, 'type', 'bridge']);
  ip(['addr', 'add', `${BRIDGE.address}/${BRIDGE.prefix}`, 'dev', BRIDGE.name]);
  ip(['link', 'set', BRIDGE.name, 'up']);
}

/** A host `name` at `address` on the bridge: its own namespace, loopback and eth0, and no default route. */
export function createHost(name, address) {
  const namespace = namespaceOf(name);
  const outside = `cqcl-${name}`.slice(0, 15);
  ip(['netns', 'add', namespace]);
  ip(['link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace]);
  ip(['link', 'set', outside, 'master', BRIDGE.name]);
  ip(['link', 'set', outside, 'up']);
  ip(['-n', namespace, 'link', 'set', 'lo', 'up']);
  ip(['-n', namespace, 'addr', 'add', `${address}/${BRIDGE.prefix}`, 'dev', 'eth0']);
  ip(['-n', namespace, 'link', 'set', 'eth0', 'up']);
  return { name, address, namespace };
}

/** The command line that runs `command` inside a host's namespace. */
export function inHost(host, command, args) {
  return { command: 'ip', args: ['netns', 'exec', host.namespace, command, ...args] };
}
