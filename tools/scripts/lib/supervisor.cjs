// How `npm start` keeps the API and the worker running: a process that dies is restarted after a growing delay while
// the others keep serving; only repeated crashes in a short window stop everything. CommonJS so that start.mjs (on
// any Node) and the tools' jest (which loads CommonJS) both load it as it is.
const { spawn: nodeSpawn } = require('node:child_process');

const DEFAULT_POLICY = { maxCrashes: 5, windowMs: 60_000, initialDelayMs: 1_000, maxDelayMs: 16_000 };

/**
 * One process's crash history. `crashed()` records a crash and answers whether to restart and after how long:
 * the delay doubles with each crash still inside the window (so it resets once the process has run a window
 * without crashing); the `maxCrashes`-th crash inside the window means give up.
 */
function createRestartPolicy(options = {}) {
  const policy = { ...DEFAULT_POLICY, ...options };
  const crashes = [];
  return {
    policy,
    crashed(now = Date.now()) {
      crashes.push(now);
      while (crashes.length && crashes[0] <= now - policy.windowMs) crashes.shift();
      const count = crashes.length;
      if (count >= policy.maxCrashes) return { restart: false, count };
      return { restart: true, count, delayMs: Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (count - 1)) };
    },
  };
}

const seconds = (ms) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);
const how = (code, signal) => (signal ? `killed by ${signal}` : `exit ${code}`);

/**
 * Runs each `{ name, command, args, options }` and restarts the one that dies. Resolves `done` with the exit code for
 * the supervisor: 0 after `stop()` (or SIGINT/SIGTERM when `signals` is set), 1 after giving up on a crashing process.
 * A second stop (a second Ctrl+C), or `forceAfterMs` without an exit, kills what is left with SIGKILL.
 */
function supervise(specs, options = {}) {
  const {
    policy = {},
    log = (line) => console.log(line),
    error = (line) => console.error(line),
    spawn = nodeSpawn,
    onSpawn = () => {},
    signals = [],
    forceAfterMs = 30_000,
  } = options;
  const procs = specs.map((spec) => ({ spec, child: null, alive: false, timer: null, policy: createRestartPolicy(policy) }));
  let stopping = false;
  let exitCode = 0;
  let forceTimer = null;
  let resolveDone;
  const done = new Promise((resolve) => { resolveDone = resolve; });

  const others = (proc) => procs.filter((p) => p !== proc && p.alive).map((p) => p.spec.name);

  function start(proc) {
    proc.timer = null;
    const { name, command, args = [], options: spawnOptions = {} } = proc.spec;
    const child = spawn(command, args, { stdio: 'inherit', ...spawnOptions });
    proc.child = child;
    proc.alive = true;
    let ended = false;
    const onEnd = (code, signal) => {
      if (ended) return;
      ended = true;
      proc.alive = false;
      exited(proc, code, signal);
    };
    child.on('exit', onEnd);
    // A process that cannot be started at all (ENOENT, EACCES) gets 'error' and never 'exit'.
    child.on('error', (err) => { if (child.pid === undefined) { error(`Could not start the ${name}: ${err.message}`); onEnd(127, null); } });
    onSpawn(name, child);
  }

  function exited(proc, code, signal) {
    const { name } = proc.spec;
    if (stopping) return finishIfAllStopped();
    const verdict = proc.policy.crashed();
    const { maxCrashes, windowMs } = proc.policy.policy;
    const still = others(proc);
    if (!verdict.restart) {
      error(
        `\nThe ${name} stopped (${how(code, signal)}): ${verdict.count} crashes within ${seconds(windowMs)}. ` +
          `It keeps crashing, so npm start gives up and stops everything. Its log lines above say why; fix that and run npm start again.`,
      );
      return stop(1);
    }
    error(
      `\nThe ${name} stopped (${how(code, signal)}); restarting it in ${seconds(verdict.delayMs)} ` +
        `(crash ${verdict.count} of ${maxCrashes} allowed within ${seconds(windowMs)})` +
        (still.length ? `. The ${still.join(' and ')} keeps running.` : '.'),
    );
    proc.timer = setTimeout(() => {
      if (stopping) return;
      log(`Restarting the ${name}…`);
      start(proc);
    }, verdict.delayMs);
  }

  function finishIfAllStopped() {
    if (procs.some((p) => p.alive)) return;
    if (forceTimer) clearTimeout(forceTimer);
    for (const signal of signals) process.removeListener(signal, onSignal);
    resolveDone(exitCode);
  }

  function kill(signal) {
    for (const p of procs) if (p.alive && p.child) p.child.kill(signal);
  }

  function stop(code = 0) {
    if (stopping) {
      // Asked again (a second Ctrl+C): do not wait for jobs in hand.
      kill('SIGKILL');
      return done;
    }
    stopping = true;
    exitCode = code;
    for (const p of procs) if (p.timer) { clearTimeout(p.timer); p.timer = null; }
    kill('SIGTERM');
    if (forceAfterMs > 0 && procs.some((p) => p.alive)) {
      forceTimer = setTimeout(() => {
        const left = procs.filter((p) => p.alive).map((p) => p.spec.name);
        error(`The ${left.join(' and ')} did not stop within ${seconds(forceAfterMs)}; killing it.`);
        kill('SIGKILL');
      }, forceAfterMs);
      forceTimer.unref();
    }
    finishIfAllStopped();
    return done;
  }

  function onSignal() {
    stop(0);
  }
  for (const signal of signals) process.on(signal, onSignal);

  for (const proc of procs) start(proc);

  return {
    done,
    stop,
    get stopping() { return stopping; },
    /** The running child of `name`, or null while it waits to be restarted. */
    child: (name) => {
      const proc = procs.find((p) => p.spec.name === name);
      return proc && proc.alive ? proc.child : null;
    },
  };
}

module.exports = { createRestartPolicy, supervise, DEFAULT_POLICY };
