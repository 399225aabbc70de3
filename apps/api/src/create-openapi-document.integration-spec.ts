import { RunningApi, startApi } from '../test/api-harness';
import { createOpenApiDocument } from './create-openapi-document';

/** The file `npm run lint:openapi` lints (written without a server) is the document the running API publishes. */
describe('the OpenAPI document written without a server', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi(); });
  afterAll(async () => { await api.close(); });

  it('equals /api/docs-json', async () => {
    const served = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as object;
    expect(Object.keys((served as { paths: object }).paths).length).toBeGreaterThan(50);
    expect(await createOpenApiDocument(api.config)).toEqual(served);
  });
});
