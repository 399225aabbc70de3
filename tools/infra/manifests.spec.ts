/**
 * docker/ and k8s/ checked against the code, statically: no Docker engine or cluster runs here.
 * Images, ports, commands and environment variable names must agree between the Dockerfiles, the Compose file,
 * the kustomize base and apps/api/src/config/env.definition.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ENV_VARIABLES, EnvVariable } from '../../apps/api/src/config/env.definition';
import {
  baseImage,
  envOf,
  execForm,
  healthcheckCommand,
  isNonRootUser,
  lastOf,
  parseDockerfile,
  parseInstructions,
  Stage,
  stageChain,
} from './dockerfile';
import {
  commandWords,
  ComposeFile,
  ComposeService,
  composeEnvironment,
  dependencies,
  imageRepository,
  parseDuration,
  parsePort,
} from './compose';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const exists = (rel: string): boolean => fs.existsSync(path.join(ROOT, rel));

/** The image names the whole deployment uses. */
/** One server image runs the API (its default command), the worker and the migrations; the web image is optional. */
const IMAGES = { server: 'cancer-qa/server', web: 'cancer-qa/web' } as const;
/** The Dockerfile target that builds the server image. */
const SERVER_TARGET = 'server';
const NODE_BASE = 'node:24-bookworm-slim';
const HEALTH_PATH = '/api/health';
/** What each of our processes runs, relative to the image's WORKDIR (the repository root in the image). */
const ENTRYPOINTS = {
  api: ['node', 'dist/api/apps/api/src/main.js'],
  worker: ['node', 'dist/api/apps/api/src/main.worker.js'],
  cli: ['node', 'dist/api/apps/api/src/database/cli.js', 'migrate'],
} as const;
type Process = keyof typeof ENTRYPOINTS;

const VARIABLES: ReadonlyArray<EnvVariable> = ENV_VARIABLES;
const KNOWN_NAMES = new Set(VARIABLES.map((v) => v.name));
const defaultOf = (name: string): string | null => VARIABLES.find((v) => v.name === name)?.default ?? null;

/**
 * THE RULE for what a deployment must set. A variable that a process reads must be given to it (by the image,
 * the Compose service, or the ConfigMap/Secret/env of its container) when its default cannot be right in a
 * container: it has no default, or its default points at loopback (the developer's own MySQL/Redis), or it is
 * the `development` mode. Variables that other numbers of the manifests are derived from must be written out
 * too (PORT for the API's ports and probes, JOB_LOCK_DURATION_MS for the worker's grace period). Every other
 * variable may be left to its default. "Given" means the name is present: the app reads an empty value as unset,
 * so an empty entry (the Secret template's, or an optional feature such as a mail server left off) still names
 * the variable where an operator will look for it.
 */
const TIED: Record<Process, string[]> = { api: ['PORT'], worker: ['JOB_LOCK_DURATION_MS'], cli: [] };
const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/;
function mustSet(process: Process): string[] {
  return VARIABLES.filter((v) => v.usedBy.includes(process))
    .filter((v) => v.default === null || LOOPBACK.test(v.default) || v.default === 'development' || TIED[process].includes(v.name))
    .map((v) => v.name)
    .sort();
}

// ---------------------------------------------------------------------------------------------------------
// Loading

function yamlDocuments(rel: string): unknown[] {
  const docs = parseAllDocuments(read(rel), { merge: true });
  if (!Array.isArray(docs)) return [];
  return docs.map((doc) => {
    const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
    if (problems.length > 0) throw new Error(`${rel}: ${problems.join('; ')}`);
    return doc.toJS();
  });
}

function walk(dir: string): string[] {
  if (!exists(dir)) return [];
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

interface Metadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
}
interface Probe {
  httpGet?: { path?: string; port: number | string };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; runAsNonRoot?: boolean };
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface PodSpec {
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  initContainers?: Container[];
  containers: Container[];
  volumes?: Array<{ name: string; emptyDir?: object; persistentVolumeClaim?: object }>;
}
interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template: { metadata?: Metadata; spec: PodSpec };
  };
}
interface ConfigMap extends K8sObject {
  data?: Record<string, string>;
}
interface Secret extends K8sObject {
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Service extends K8sObject {
  spec: { selector?: Record<string, string>; ports: Array<{ name?: string; port: number; targetPort?: number | string }> };
}
interface IngressBackend {
  service?: { name: string; port: { name?: string; number?: number } };
}
interface Ingress extends K8sObject {
  spec: { defaultBackend?: IngressBackend; rules?: Array<{ http?: { paths: Array<{ path?: string; backend: IngressBackend }> } }> };
}
interface Hpa extends K8sObject {
  spec: {
    scaleTargetRef: { kind: string; name: string };
    minReplicas?: number;
    metrics?: Array<{ type: string; resource?: { name: string } }>;
  };
}

const K8S_BASE = 'k8s/base';
const KUSTOMIZATION = `${K8S_BASE}/kustomization.yaml`;
const SECRET_TEMPLATE = `${K8S_BASE}/secret.template.yaml`;
const COMPOSE = 'docker/compose.yml';
const SERVER_DOCKERFILE = 'docker/server.Dockerfile';
const WEB_DOCKERFILE = 'docker/web.Dockerfile';

const kustomization = yamlDocuments(KUSTOMIZATION)[0] as { resources?: string[]; namespace?: string; components?: string[] };
const resources = kustomization.resources ?? [];
const objects = resources.filter((r) => exists(path.join(K8S_BASE, r))).flatMap((r) => yamlDocuments(path.join(K8S_BASE, r)) as K8sObject[]);
const ofKind = <T extends K8sObject>(kind: string): T[] => objects.filter((o) => o?.kind === kind) as T[];
const secretTemplate = yamlDocuments(SECRET_TEMPLATE)[0] as Secret;
const compose = yamlDocuments(COMPOSE)[0] as ComposeFile;
const server = parseDockerfile(read(SERVER_DOCKERFILE));
const web = parseDockerfile(read(WEB_DOCKERFILE));

const deployments = ofKind<Workload>('Deployment');
const workloads = [...deployments, ...ofKind<Workload>('StatefulSet'), ...ofKind<Workload>('Job')];
const configMaps = ofKind<ConfigMap>('ConfigMap');
const podLabels = (w: Workload): Record<string, string> => w.spec.template.metadata?.labels ?? {};
const allContainers = (w: Workload): Container[] => [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers];
const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** Which Dockerfile target builds an image of ours. */
const TARGET_OF: Record<string, string> = { [IMAGES.server]: SERVER_TARGET };
const dockerCmd = (target: string): string[] => execForm(lastOf(server, target, 'CMD')?.args ?? '[]') ?? [];
const imageWorkdir = (target: string): string => lastOf(server, target, 'WORKDIR')?.args ?? '/';

/** The words a container runs after the entrypoint: its args, or the image's CMD when it overrides nothing. */
function containerArgv(c: Container): string[] {
  const target = TARGET_OF[imageRepository(c.image)];
  const cmd = target ? dockerCmd(target) : [];
  return [...(c.command ?? []), ...(c.args ?? (c.command ? [] : cmd))];
}

function processOf(argv: string[]): Process | null {
  const joined = argv.join(' ');
  if (joined.includes(ENTRYPOINTS.cli[1])) return 'cli';
  if (joined.includes(ENTRYPOINTS.api[1])) return 'api';
  if (joined.includes(ENTRYPOINTS.worker[1])) return 'worker';
  return null;
}

/** The environment a k8s container ends up with: image ENV, then envFrom (ConfigMap values, Secret keys), then env. */
function k8sEnv(c: Container): Record<string, string> {
  const target = TARGET_OF[imageRepository(c.image)];
  const env: Record<string, string> = target ? { ...envOf(server, target) } : {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      const cm = configMaps.find((m) => m.metadata.name === from.configMapRef!.name);
      if (!cm) throw new Error(`${c.name}: envFrom names ConfigMap ${from.configMapRef.name}, which the base does not define`);
      Object.assign(env, cm.data ?? {});
    }
    if (from.secretRef) {
      if (from.secretRef.name !== secretTemplate.metadata.name) {
        throw new Error(`${c.name}: envFrom names Secret ${from.secretRef.name}, but the template is ${secretTemplate.metadata.name}`);
      }
      Object.assign(env, secretTemplate.stringData ?? {}, secretTemplate.data ?? {});
    }
  }
  for (const e of c.env ?? []) env[e.name] = e.value ?? '';
  return env;
}

/** Resolves a probe's or Service's port (number or container port name) to a number. */
function resolvePort(c: Container, port: number | string | undefined): number | null {
  if (typeof port === 'number') return port;
  if (port === undefined) return null;
  if (/^\d+$/.test(port)) return Number(port);
  return c.ports?.find((p) => p.name === port)?.containerPort ?? null;
}

const serverServices = (): Array<[string, ComposeService]> =>
  Object.entries(compose.services).filter(([, s]) => s.image && TARGET_OF[imageRepository(s.image)]);
const composeArgv = (s: ComposeService): string[] => {
  const target = TARGET_OF[imageRepository(s.image ?? '')];
  return s.command !== undefined ? commandWords(s.command) : target ? dockerCmd(target) : [];
};
/** The environment a Compose service of ours ends up with: image ENV, then `environment:`. */
function composeEnv(s: ComposeService): Record<string, string | null> {
  const target = TARGET_OF[imageRepository(s.image ?? '')];
  return { ...(target ? envOf(server, target) : {}), ...composeEnvironment(s) };
}
const composeByImage = (repo: string): Array<[string, ComposeService]> =>
  Object.entries(compose.services).filter(([, s]) => s.image && imageRepository(s.image) === repo);
const composeOne = (repo: string, process: Process): [string, ComposeService] => {
  const found = composeByImage(repo).filter(([, s]) => processOf(composeArgv(s)) === process);
  if (found.length !== 1) throw new Error(`Expected one Compose service running ${process} from ${repo}, found ${found.map(([n]) => n).join(', ') || 'none'}`);
  return found[0];
};

function deployment(process: Process): Workload {
  const found = deployments.filter((d) => d.spec.template.spec.containers.some((c) => processOf(containerArgv(c)) === process));
  if (found.length !== 1) throw new Error(`Expected one Deployment whose container runs the ${process}, found ${found.length}`);
  return found[0];
}
const mainContainer = (w: Workload, process: Process): Container => w.spec.template.spec.containers.find((c) => processOf(containerArgv(c)) === process)!;
const configPort = (): number => {
  const values = configMaps.map((m) => m.data?.PORT).filter((p): p is string => p !== undefined);
  if (values.length !== 1) throw new Error(`PORT must be set in exactly one ConfigMap (found ${values.length})`);
  return Number(values[0]);
};

// ---------------------------------------------------------------------------------------------------------

describe('every manifest parses', () => {
  const files = [...walk('k8s').filter((f) => /\.ya?ml$/.test(f)), COMPOSE];

  it('finds the manifests', () => {
    expect(files).toEqual(expect.arrayContaining([KUSTOMIZATION, SECRET_TEMPLATE, COMPOSE]));
  });

  it.each(files)('%s is valid YAML with at least one document', (file) => {
    const docs = yamlDocuments(file);
    expect(docs.filter((d) => d !== null && d !== undefined).length).toBeGreaterThan(0);
  });

  it('every Kubernetes object names its apiVersion, kind and name', () => {
    for (const o of [...objects, secretTemplate]) {
      expect(o).toEqual(expect.objectContaining({ apiVersion: expect.any(String), kind: expect.any(String) }));
      expect(o.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
  });
});

describe('kustomize base', () => {
  it('lists only resources that exist', () => {
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.filter((r) => !exists(path.join(K8S_BASE, r)))).toEqual([]);
  });

  it('lists every manifest beside it, except the Secret template (applying the base must not overwrite the real Secret)', () => {
    const beside = walk(K8S_BASE)
      .filter((f) => /\.ya?ml$/.test(f) && f !== KUSTOMIZATION && f !== SECRET_TEMPLATE)
      .map((f) => path.relative(K8S_BASE, f));
    expect([...resources].sort()).toEqual(beside.sort());
    expect(resources).not.toContain(path.basename(SECRET_TEMPLATE));
  });

  it('is namespace-agnostic', () => {
    expect(kustomization.namespace).toBeUndefined();
    expect(objects.filter((o) => o.metadata.namespace !== undefined).map((o) => o.metadata.name)).toEqual([]);
  });

  it('has the parts the deployment needs', () => {
    const kinds = objects.map((o) => o.kind);
    for (const kind of ['Deployment', 'Service', 'Ingress', 'ConfigMap', 'HorizontalPodAutoscaler']) expect(kinds).toContain(kind);
    expect(deployment('api')).toBeDefined();
    expect(deployment('worker')).toBeDefined();
  });

  it('each workload selects its own pod template', () => {
    for (const w of workloads.filter((w) => w.kind !== 'Job')) {
      expect(matches(w.spec.selector?.matchLabels ?? {}, podLabels(w))).toBe(true);
    }
    const [api, worker] = [deployment('api'), deployment('worker')];
    expect(matches(api.spec.selector!.matchLabels!, podLabels(worker))).toBe(false);
    expect(matches(worker.spec.selector!.matchLabels!, podLabels(api))).toBe(false);
  });
});

describe('environment variables agree with env.definition.ts', () => {
  it('the rule leaves something to check', () => {
    // Guards the rule itself: the loopback defaults are the ones a container can never use.
    expect(mustSet('api')).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'PORT']));
    expect(mustSet('worker')).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'JOB_LOCK_DURATION_MS']));
    expect(mustSet('cli')).toEqual(expect.arrayContaining(['DATABASE_URL']));
  });

  it('every name set by the ConfigMap, the Secret template, the containers, Compose and the images is a known variable', () => {
    const named: Array<[string, string]> = [
      ...configMaps.flatMap((m) => Object.keys(m.data ?? {}).map((n): [string, string] => [`ConfigMap ${m.metadata.name}`, n])),
      ...Object.keys({ ...secretTemplate.stringData, ...secretTemplate.data }).map((n): [string, string] => [`Secret ${secretTemplate.metadata.name}`, n]),
      ...workloads.flatMap((w) => allContainers(w).flatMap((c) => (c.env ?? []).map((e): [string, string] => [`${w.metadata.name}/${c.name}`, e.name]))),
      ...serverServices().flatMap(([name, s]) => Object.keys(composeEnvironment(s)).map((n): [string, string] => [`compose ${name}`, n])),
      ...[SERVER_TARGET].flatMap((t) => Object.keys(envOf(server, t)).map((n): [string, string] => [`${SERVER_DOCKERFILE} ${t}`, n])),
    ];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(([, n]) => !KNOWN_NAMES.has(n)).map(([where, n]) => `${where}: ${n}`)).toEqual([]);
  });

  it('every k8s container of ours gets what its process must be given (ConfigMap + Secret + image)', () => {
    const containers = workloads.flatMap((w) => allContainers(w).map((c) => ({ w, c, process: processOf(containerArgv(c)) })));
    expect(containers.map((x) => x.process).sort()).toEqual(expect.arrayContaining(['api', 'cli', 'worker']));
    for (const { w, c, process } of containers) {
      if (!process) continue;
      const env = k8sEnv(c);
      expect({ container: `${w.metadata.name}/${c.name}`, missing: mustSet(process).filter((n) => !(n in env)) }).toEqual({
        container: `${w.metadata.name}/${c.name}`,
        missing: [],
      });
      expect(env.NODE_ENV).toBe('production');
    }
  });

  it('every Compose service of ours gets what its process must be given, pointing at the Compose mysql and redis', () => {
    const services = serverServices();
    expect(services.map(([, s]) => processOf(composeArgv(s))).sort()).toEqual(['api', 'cli', 'worker']);
    for (const [name, s] of services) {
      const process = processOf(composeArgv(s))!;
      const env = composeEnv(s);
      expect({ service: name, missing: mustSet(process).filter((n) => !(n in env)) }).toEqual({ service: name, missing: [] });
      expect(env.NODE_ENV).toBe('production');
      for (const [variable, image] of [['DATABASE_URL', 'mysql'], ['REDIS_URL', 'redis']] as const) {
        if (env[variable] === undefined) continue;
        const host = new URL(env[variable]!).hostname;
        expect({ service: name, variable, host, image: compose.services[host]?.image && imageRepository(compose.services[host].image!) }).toEqual({
          service: name,
          variable,
          host,
          image,
        });
      }
    }
  });
});

describe('ports and probes', () => {
  const port = (): number => configPort();

  it('PORT is the same in the ConfigMap, Compose, the api image and the code default', () => {
    const [, api] = composeOne(IMAGES.server, 'api');
    expect(composeEnvironment(api).PORT).toBe(String(port()));
    const exposed = lastOf(server, SERVER_TARGET, 'EXPOSE')?.args.split(/\s+/).map((p) => Number(p.replace(/\/tcp$/, '')));
    expect(exposed).toEqual([port()]);
    // The image runs without PORT when started by hand, so its EXPOSE must be the default too.
    expect(defaultOf('PORT')).toBe(String(port()));
  });

  it('Compose publishes the api on its PORT', () => {
    const [, api] = composeOne(IMAGES.server, 'api');
    expect((api.ports ?? []).map((p) => parsePort(p).target)).toEqual([port()]);
  });

  it('the API container listens on PORT and its probes hit /api/health there', () => {
    const c = mainContainer(deployment('api'), 'api');
    expect(c.ports?.map((p) => p.containerPort)).toEqual([port()]);
    expect(c.readinessProbe).toBeDefined();
    expect(c.livenessProbe).toBeDefined();
    for (const probe of [c.readinessProbe, c.livenessProbe, c.startupProbe].filter((p): p is Probe => p !== undefined)) {
      expect(probe.httpGet?.path).toBe(HEALTH_PATH);
      expect(resolvePort(c, probe.httpGet?.port)).toBe(port());
    }
  });

  it('the worker opens no port and has no HTTP probe; Compose turns off the image health check that asks the API', () => {
    const c = mainContainer(deployment('worker'), 'worker');
    expect(c.ports ?? []).toEqual([]);
    expect([c.readinessProbe, c.livenessProbe, c.startupProbe].filter((p) => p?.httpGet)).toEqual([]);
    const [, worker] = composeOne(IMAGES.server, 'worker');
    expect(worker.ports ?? []).toEqual([]);
    expect(worker.healthcheck?.disable).toBe(true);
  });

  it('the API Service selects the API pods only and targets PORT', () => {
    const api = deployment('api');
    const c = mainContainer(api, 'api');
    const services = ofKind<Service>('Service').filter((s) => matches(s.spec.selector ?? {}, podLabels(api)));
    expect(services).toHaveLength(1);
    expect(matches(services[0].spec.selector!, podLabels(deployment('worker')))).toBe(false);
    expect(services[0].spec.ports.length).toBeGreaterThan(0);
    for (const p of services[0].spec.ports) expect(resolvePort(c, p.targetPort ?? p.port)).toBe(port());
  });

  it('every Ingress backend is a port of the API Service', () => {
    const api = deployment('api');
    const apiService = ofKind<Service>('Service').find((s) => matches(s.spec.selector ?? {}, podLabels(api)))!;
    const ingresses = ofKind<Ingress>('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const backends = ingresses.flatMap((i) => [
      ...(i.spec.defaultBackend ? [i.spec.defaultBackend] : []),
      ...(i.spec.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend)),
    ]);
    expect(backends.length).toBeGreaterThan(0);
    for (const b of backends) {
      expect(b.service?.name).toBe(apiService.metadata.name);
      const servicePort = apiService.spec.ports.find((p) => (b.service?.port.name ? p.name === b.service.port.name : p.port === b.service?.port.number));
      expect(servicePort).toBeDefined();
    }
  });

  it('the HPA scales the API Deployment on CPU, which therefore requests CPU and leaves replicas to it', () => {
    const api = deployment('api');
    const hpas = ofKind<Hpa>('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef)).toEqual([expect.objectContaining({ kind: 'Deployment', name: api.metadata.name })]);
    expect(hpas[0].spec.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu')).toBe(true);
    expect(hpas[0].spec.minReplicas ?? 1).toBeGreaterThanOrEqual(2);
    expect(mainContainer(api, 'api').resources?.requests?.cpu).toBeDefined();
    expect(api.spec.replicas).toBeUndefined();
  });
});

describe('images', () => {
  it('Compose builds and names the images of this deployment', () => {
    for (const process of ['api', 'cli', 'worker'] as const) {
      expect(composeOne(IMAGES.server, process)[1].build).toEqual(expect.objectContaining({ dockerfile: SERVER_DOCKERFILE, target: SERVER_TARGET }));
    }
    const webServices = composeByImage(IMAGES.web);
    expect(webServices).toHaveLength(1);
    expect(webServices[0][1].build).toEqual(expect.objectContaining({ dockerfile: WEB_DOCKERFILE }));
    for (const [, s] of Object.entries(compose.services)) {
      if (typeof s.build === 'object' && s.build.context) expect(path.resolve(ROOT, 'docker', s.build.context)).toBe(ROOT);
    }
  });

  it('every k8s container runs the same image (name and tag) as its Compose counterpart', () => {
    const composeImage = (repo: string, process: Process): string => composeOne(repo, process)[1].image!;
    const containers = workloads.flatMap((w) => allContainers(w));
    expect(containers.length).toBeGreaterThan(0);
    for (const c of containers) {
      const process = processOf(containerArgv(c));
      expect({ container: c.name, process }).toEqual({ container: c.name, process: expect.any(String) });
      expect({ container: c.name, image: c.image }).toEqual({ container: c.name, image: composeImage(IMAGES.server, process!) });
    }
  });
});

describe('migrations', () => {
  it('Kubernetes runs the migrate command with the api image before the API serves (init container or Job)', () => {
    const api = deployment('api');
    const inits = (api.spec.template.spec.initContainers ?? []).filter((c) => processOf(containerArgv(c)) === 'cli');
    const jobs = ofKind<Workload>('Job').flatMap((j) => j.spec.template.spec.containers).filter((c) => processOf(containerArgv(c)) === 'cli');
    const migrators = [...inits, ...jobs];
    expect(migrators.length).toBeGreaterThan(0);
    for (const c of migrators) {
      expect(containerArgv(c).join(' ')).toContain(ENTRYPOINTS.cli.join(' '));
      expect(imageRepository(c.image)).toBe(IMAGES.server);
    }
  });

  it('Compose runs a one-shot migrate that the api and the worker wait for', () => {
    const [migrateName, migrate] = composeOne(IMAGES.server, 'cli');
    expect(composeArgv(migrate)).toEqual([...ENTRYPOINTS.cli]);
    expect(dependencies(migrate)).toEqual(expect.objectContaining({ mysql: 'service_healthy' }));
    for (const [, s] of [composeOne(IMAGES.server, 'api'), composeOne(IMAGES.server, 'worker')]) {
      expect(dependencies(s)).toEqual(expect.objectContaining({ [migrateName]: 'service_completed_successfully', mysql: 'service_healthy', redis: 'service_healthy' }));
    }
  });
});

describe('worker shutdown', () => {
  const lockMs = (env: Record<string, string | null>): number => Number(env.JOB_LOCK_DURATION_MS ?? defaultOf('JOB_LOCK_DURATION_MS'));

  it('Kubernetes gives the worker a termination grace longer than the job lock', () => {
    const w = deployment('worker');
    const lock = lockMs(k8sEnv(mainContainer(w, 'worker')));
    expect(lock).toBeGreaterThan(0);
    expect((w.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(lock);
  });

  it('Compose gives the worker a stop grace period longer than the job lock', () => {
    const [, worker] = composeOne(IMAGES.server, 'worker');
    expect(worker.stop_grace_period).toBeDefined();
    expect(parseDuration(worker.stop_grace_period!)).toBeGreaterThan(lockMs(composeEnv(worker)));
  });
});

describe('the Secret template holds no secret', () => {
  it('is a Secret whose name the containers use', () => {
    expect(secretTemplate.kind).toBe('Secret');
    const refs = workloads.flatMap((w) => allContainers(w).flatMap((c) => (c.envFrom ?? []).flatMap((f) => (f.secretRef ? [f.secretRef.name] : []))));
    expect(refs.length).toBeGreaterThan(0);
    expect(new Set(refs)).toEqual(new Set([secretTemplate.metadata.name]));
  });

  it('has only empty values', () => {
    const values = { ...secretTemplate.data, ...secretTemplate.stringData };
    expect(Object.keys(values).length).toBeGreaterThan(0);
    expect(Object.entries(values).filter(([, v]) => v !== '' && v !== null)).toEqual([]);
  });

  it('names the connection URLs (they carry passwords), which the ConfigMap does not', () => {
    const keys = Object.keys({ ...secretTemplate.data, ...secretTemplate.stringData });
    expect(keys).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL']));
    for (const m of configMaps) expect(Object.keys(m.data ?? {}).filter((k) => keys.includes(k))).toEqual([]);
  });
});

describe('pod security and resources', () => {
  const uid = (): number => Number(lastOf(server, SERVER_TARGET, 'USER')!.args.split(':')[0]);

  it.each(['api', 'worker'] as const)('the %s pod runs as the image user, non-root, on a read-only root with a writable var/', (process) => {
    const w = deployment(process);
    const pod = w.spec.template.spec;
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBe(uid());
    for (const c of allContainers(w)) {
      expect({ container: c.name, ...c.securityContext }).toEqual(
        expect.objectContaining({ container: c.name, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false }),
      );
      for (const kind of ['requests', 'limits'] as const) {
        expect({ container: c.name, kind, cpu: c.resources?.[kind]?.cpu, memory: c.resources?.[kind]?.memory }).toEqual({
          container: c.name,
          kind,
          cpu: expect.any(String),
          memory: expect.any(String),
        });
      }
    }
    const varDir = path.posix.join(imageWorkdir(SERVER_TARGET), 'var');
    const mount = mainContainer(w, process).volumeMounts?.find((m) => m.mountPath === varDir);
    expect(mount).toBeDefined();
    expect(mount!.readOnly).not.toBe(true);
    expect(pod.volumes?.find((v) => v.name === mount!.name)?.emptyDir ?? pod.volumes?.find((v) => v.name === mount!.name)?.persistentVolumeClaim).toBeDefined();
  });
});

describe('Dockerfiles', () => {
  const parsed: Record<string, Stage[]> = { [SERVER_DOCKERFILE]: server, [WEB_DOCKERFILE]: web };
  const finalStages: Array<[string, string]> = [
    [SERVER_DOCKERFILE, SERVER_TARGET],
    [WEB_DOCKERFILE, web[web.length - 1]?.name ?? ''],
  ];

  it.each(finalStages)('%s target %s runs as a non-root USER', (file, target) => {
    expect(isNonRootUser(lastOf(parsed[file], target, 'USER')?.args)).toBe(true);
  });

  it('every Node stage uses the Node 24 base image', () => {
    for (const stages of [server, web]) {
      const external = stages.filter((s) => !stages.slice(0, s.index).some((p) => p.name === s.from.toLowerCase()));
      const nodeStages = external.filter((s) => imageRepository(s.from) === 'node');
      expect(nodeStages.length).toBeGreaterThan(0);
      for (const s of nodeStages) expect(s.from).toBe(NODE_BASE);
    }
    expect(baseImage(server, SERVER_TARGET)).toBe(NODE_BASE);
  });

  it('the server target runs the API by default in production mode, from the one build that holds both entry points', () => {
    expect(dockerCmd(SERVER_TARGET)).toEqual([...ENTRYPOINTS.api]);
    expect(envOf(server, SERVER_TARGET).NODE_ENV).toBe('production');
    const copied = stageChain(server, SERVER_TARGET)
      .flatMap((s) => s.instructions)
      .filter((i) => i.keyword === 'COPY')
      .map((i) => i.args);
    expect(copied.some((a) => a.includes('dist/api'))).toBe(true);
    for (const entry of [ENTRYPOINTS.api, ENTRYPOINTS.worker, ENTRYPOINTS.cli]) expect(entry[1]).toMatch(/^dist\/api\/apps\/api\/src\//);
  });

  it('the worker runs its entry point exactly, in Kubernetes and in Compose', () => {
    expect(containerArgv(mainContainer(deployment('worker'), 'worker'))).toEqual([...ENTRYPOINTS.worker]);
    expect(composeArgv(composeOne(IMAGES.server, 'worker')[1])).toEqual([...ENTRYPOINTS.worker]);
  });

  it('the server target carries the web it serves and a HEALTHCHECK of /api/health', () => {
    const copied = stageChain(server, SERVER_TARGET).flatMap((s) => s.instructions).filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copied.some((a) => /\bdist\/web\b/.test(a))).toBe(true);
    const check = healthcheckCommand(lastOf(server, SERVER_TARGET, 'HEALTHCHECK')?.args ?? 'NONE');
    expect(check).not.toBeNull();
    const words = check!.exec ?? check!.shell!.split(/\s+/);
    const script = words.find((w) => /\.(c|m)?js$/.test(w));
    if (script) {
      // A script run from the WORKDIR: it must be copied in and must ask /api/health.
      expect(copied.some((a) => a.split(/\s+/).includes(script) || a.includes(`${script} `))).toBe(true);
      expect(read(script)).toContain(HEALTH_PATH);
    } else {
      expect(words.join(' ')).toContain(HEALTH_PATH);
    }
  });

  it('the build stages install once from the lock and build with the workspace build', () => {
    for (const stages of [server, web]) {
      const runs = stages.flatMap((s) => s.instructions).filter((i) => i.keyword === 'RUN').map((i) => i.args);
      expect(runs.filter((r) => /\bnpm (ci|install)\b/.test(r))).toHaveLength(1);
      expect(runs.some((r) => /\bnpm run build\b|\bnx run-many\b.*-t build/.test(r))).toBe(true);
    }
  });

  it('the web image is an unprivileged nginx serving shell and remotes, exposing the port nginx listens on', () => {
    const last = web[web.length - 1];
    expect(imageRepository(baseImage(web, last.name!))).toBe('nginxinc/nginx-unprivileged');
    const copied = last.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    for (const app of ['shell', 'patient', 'expert', 'admin']) expect(copied.some((a) => a.includes(`dist/web/${app}`))).toBe(true);
    const conf = copied.map((a) => a.split(/\s+/)).find((w) => w.some((x) => x.endsWith('.conf')));
    expect(conf).toBeDefined();
    const listens = [...read(conf!.find((x) => x.startsWith('docker/'))!).matchAll(/^\s*listen\s+(?:\[::\]:)?(\d+)/gm)].map((m) => Number(m[1]));
    const exposed = lastOf(web, last.name!, 'EXPOSE')!.args.split(/\s+/).map((p) => Number(p.replace(/\/tcp$/, '')));
    expect(listens.length).toBeGreaterThan(0);
    expect(new Set(listens)).toEqual(new Set(exposed));
    const [, webService] = composeByImage(IMAGES.web)[0];
    expect((webService.ports ?? []).map((p) => parsePort(p).target)).toEqual(exposed);
  });

  it('.dockerignore keeps installed, built and local state out of the context', () => {
    const entries = read('.dockerignore')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.replace(/^\*\*\//, '').replace(/^\//, '').replace(/\/$/, ''));
    for (const required of ['node_modules', 'dist', 'var', '.git', '.nx']) expect(entries).toContain(required);
  });

  it('every Dockerfile instruction is one Docker knows', () => {
    const known = new Set(['FROM', 'RUN', 'CMD', 'LABEL', 'EXPOSE', 'ENV', 'ADD', 'COPY', 'ENTRYPOINT', 'VOLUME', 'USER', 'WORKDIR', 'ARG', 'ONBUILD', 'STOPSIGNAL', 'HEALTHCHECK', 'SHELL']);
    for (const file of [SERVER_DOCKERFILE, WEB_DOCKERFILE]) {
      expect(parseInstructions(read(file)).filter((i) => !known.has(i.keyword)).map((i) => `${file}:${i.line} ${i.keyword}`)).toEqual([]);
    }
  });
});

describe('Compose data services', () => {
  const service = (repo: string): ComposeService => {
    const found = composeByImage(repo);
    expect(found).toHaveLength(1);
    return found[0][1];
  };

  it('MySQL is 8.4 and Redis is 7, both with a health check', () => {
    const mysql = service('mysql');
    const redis = service('redis');
    expect(mysql.image).toMatch(/^mysql:8\.4(\.\d+)?$/);
    expect(redis.image).toMatch(/^redis:7(\.\d+)*(-\S+)?$/);
    for (const s of [mysql, redis]) {
      expect(s.healthcheck?.disable).not.toBe(true);
      expect(commandWords(s.healthcheck?.test).length).toBeGreaterThan(1);
    }
  });

  it('Redis keeps every queue key: AOF on and maxmemory-policy noeviction', () => {
    const words = commandWords(service('redis').command);
    const option = (name: string): string | undefined => words[words.indexOf(`--${name}`) + 1];
    expect(words).toContain('--appendonly');
    expect(option('appendonly')).toBe('yes');
    expect(option('maxmemory-policy')).toBe('noeviction');
  });

  it('`up -d mysql redis` gives a checkout its defaults: DATABASE_URL and REDIS_URL reach them on 127.0.0.1', () => {
    const db = new URL(defaultOf('DATABASE_URL')!);
    const mysql = service('mysql');
    const published = (s: ComposeService) => (s.ports ?? []).map(parsePort);
    expect(published(mysql)).toContainEqual({ hostIp: db.hostname, published: Number(db.port || 3306), target: 3306 });
    const env = composeEnvironment(mysql);
    if (db.username === 'root' && db.password === '') expect(env.MYSQL_ALLOW_EMPTY_PASSWORD).toMatch(/^(yes|true|1)$/i);
    else expect(env.MYSQL_ROOT_PASSWORD ?? env.MYSQL_PASSWORD).toBe(decodeURIComponent(db.password));
    const redisUrl = new URL(defaultOf('REDIS_URL')!);
    expect(published(service('redis'))).toContainEqual({ hostIp: redisUrl.hostname, published: Number(redisUrl.port || 6379), target: 6379 });
  });
});
