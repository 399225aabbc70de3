import type { AddressInfo } from 'node:net';
import { loadConfig, AppConfig } from '../src/config/app-config';
import { createApiApp, ApiApp } from '../src/create-api-app';

export interface RunningApi extends ApiApp {
  baseUrl: string;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real API on an ephemeral port, configured from the integration environment (see global-setup). */
export async function startApi(overrides: Partial<NodeJS.ProcessEnv> = {}): Promise<RunningApi> {
  const config = loadConfig({ ...process.env, ...overrides });
  const api = await createApiApp(config);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.app.getHttpServer().address() as AddressInfo;
  return { ...api, config, baseUrl: `http://127.0.0.1:${port}`, close: () => api.app.close() };
}
