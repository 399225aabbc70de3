// Preloaded into the API by `bench:api -- --cpu-prof <dir>`: a plain exit on SIGTERM, so that node writes the CPU profile
// (Nest's shutdown hook re-raises the signal, and a process killed by a signal writes none).
process.once('SIGTERM', () => process.exit(0));
