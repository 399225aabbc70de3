/**
 * Milliseconds of CPU this process spent running `run` (user + system). A bound on a synchronous computation's cost
 * holds on a loaded machine only this way: other processes taking the cores add wall time, not this process's CPU.
 */
export function cpuMs(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
