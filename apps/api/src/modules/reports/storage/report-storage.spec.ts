import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createServer, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { LocalReportStorage } from './local-report-storage';
import { newStorageKey, ReportFileMissingError, ReportStorage, ReportTooLargeError } from './report-storage';
import { S3_PART_BYTES, S3ReportStorage, s3ClientFor } from './s3-report-storage';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
function patterned(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + 7) % 251;
  return data;
}

/** Emits the data in small chunks, like a network upload, optionally failing midway. */
function chunked(data: Buffer, options: { chunk?: number; failAfter?: number } = {}): Readable {
  const chunk = options.chunk ?? 64 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      this.push(data.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

interface Driver {
  storage: ReportStorage;
  /** Every object or file the driver holds, whatever its state. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function localDriver(): Promise<Driver> {
  const root = await mkdtemp(path.join(tmpdir(), 'cqa-reports-'));
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
    return nested.flat();
  };
  return { storage: new LocalReportStorage(root), leftovers: () => walk(root), close: () => rm(root, { recursive: true, force: true }) };
}

async function s3Driver(): Promise<Driver> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cqa-s3rver-'));
  const bucket = 'cqa-reports-test';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const client = s3ClientFor({
    bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    storage: new S3ReportStorage(client, bucket),
    leftovers: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!),
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['local disk', localDriver],
  ['S3 (s3rver)', s3Driver],
])('report storage on %s', (_name, makeDriver) => {
  let driver: Driver;
  beforeAll(async () => { driver = await makeDriver(); });
  afterAll(async () => { await driver.close(); });

  it('stores a streamed file and reports its size and sha256, then reads it back and deletes it', async () => {
    const data = patterned(300_000);
    const key = newStorageKey();
    const stored = await driver.storage.write(key, chunked(data), { maxBytes: data.length });
    expect(stored).toEqual({ size: data.length, sha256: sha256(data) });
    expect(await driver.storage.exists(key)).toBe(true);
    expect((await readAll(await driver.storage.read(key))).equals(data)).toBe(true);
    await driver.storage.delete(key);
    expect(await driver.storage.exists(key)).toBe(false);
    await expect(driver.storage.read(key)).rejects.toBeInstanceOf(ReportFileMissingError);
    await expect(driver.storage.delete(key)).resolves.toBeUndefined();
  });

  it('stores a file larger than one S3 part (multipart) intact', async () => {
    const data = patterned(S3_PART_BYTES * 2 + 12_345);
    const key = newStorageKey();
    const stored = await driver.storage.write(key, chunked(data, { chunk: 256 * 1024 }));
    expect(stored.sha256).toBe(sha256(data));
    expect((await readAll(await driver.storage.read(key))).equals(data)).toBe(true);
    await driver.storage.delete(key);
  });

  it('keeps a file of exactly the limit and refuses one byte more, leaving nothing behind', async () => {
    const limit = S3_PART_BYTES + 10;
    const exact = newStorageKey();
    await expect(driver.storage.write(exact, chunked(patterned(limit)), { maxBytes: limit })).resolves.toMatchObject({ size: limit });
    await driver.storage.delete(exact);

    const over = newStorageKey();
    await expect(driver.storage.write(over, chunked(patterned(limit + 1)), { maxBytes: limit })).rejects.toBeInstanceOf(ReportTooLargeError);
    expect(await driver.storage.exists(over)).toBe(false);
    expect(await driver.leftovers()).toEqual([]);
  });

  it('leaves nothing when the source fails midway (an interrupted upload)', async () => {
    const key = newStorageKey();
    await expect(driver.storage.write(key, chunked(patterned(S3_PART_BYTES * 2), { failAfter: S3_PART_BYTES + 100_000 }))).rejects.toThrow('client went away');
    expect(await driver.storage.exists(key)).toBe(false);
    expect(await driver.leftovers()).toEqual([]);
  });

  it('never builds a location from anything but a key it made', async () => {
    await expect(driver.storage.read('../../etc/passwd')).rejects.toThrow('Invalid report storage key.');
    await expect(driver.storage.delete('ABC')).rejects.toThrow('Invalid report storage key.');
  });
});

describe('local report storage on disk', () => {
  it('names files by their random key, owner-only, never by the person’s file name', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'cqa-reports-'));
    try {
      const key = newStorageKey();
      await new LocalReportStorage(root).write(key, Readable.from([Buffer.from('%PDF-1.7 hello')]));
      const file = path.join(root, key.slice(0, 2), key);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readdir(path.join(root, '.partial'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

/**
 * s3rver implements neither ListMultipartUploads nor AbortMultipartUpload, so these two S3 calls get a small local
 * server of their own here, answering in the documented XML (one upload per page, so the listing has to page).
 */
describe('unfinished S3 multipart uploads', () => {
  const bucket = 'cqa-reports-partials';
  const hour = 3600 * 1000;
  const uploads = [
    { key: `medical-reports/${newStorageKey()}`, id: 'old-1', initiated: new Date(Date.now() - 3 * hour) },
    { key: `medical-reports/${newStorageKey()}`, id: 'young', initiated: new Date() },
    { key: `medical-reports/${newStorageKey()}`, id: 'old-2', initiated: new Date(Date.now() - 2 * hour) },
  ].sort((a, b) => a.key.localeCompare(b.key));

  async function withServer(handle: (req: IncomingMessage, url: URL) => { status: number; body?: string }, run: (storage: S3ReportStorage) => Promise<void>) {
    const server = createServer((req, res) => {
      const { status, body } = handle(req, new URL(req.url!, 'http://localhost'));
      res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = s3ClientFor({
      bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    try {
      await run(new S3ReportStorage(client, bucket));
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('reads every page and aborts only the uploads older than the cut-off', async () => {
    const aborted: string[] = [];
    const markers: Array<string | null> = [];
    await withServer((req, url) => {
      if (req.method === 'DELETE') {
        aborted.push(`${decodeURIComponent(url.pathname.slice(bucket.length + 2))} ${url.searchParams.get('uploadId')}`);
        return { status: 204 };
      }
      expect(url.searchParams.has('uploads')).toBe(true);
      expect(url.searchParams.get('prefix')).toBe('medical-reports/');
      const after = url.searchParams.get('key-marker');
      markers.push(after);
      const rest = uploads.filter((u) => after === null || u.key > after);
      const [upload] = rest;
      const truncated = rest.length > 1;
      return {
        status: 200,
        body: `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Bucket>${bucket}</Bucket><Prefix>medical-reports/</Prefix><MaxUploads>1</MaxUploads><IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextKeyMarker>${upload!.key}</NextKeyMarker><NextUploadIdMarker>${upload!.id}</NextUploadIdMarker>` : '') +
          (upload ? `<Upload><Key>${upload.key}</Key><UploadId>${upload.id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>` : '') +
          '</ListMultipartUploadsResult>',
      };
    }, async (storage) => {
      expect(await storage.removeStalePartials(new Date(Date.now() - hour))).toBe(2);
    });
    expect(markers).toEqual([null, uploads[0]!.key, uploads[1]!.key]);
    expect(aborted.sort()).toEqual(uploads.filter((u) => u.id !== 'young').map((u) => `${u.key} ${u.id}`).sort());
  });

  it('counts none on a server that cannot list them (NotImplemented), so the rest of the sweep still runs', async () => {
    await withServer(() => ({
      status: 501,
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NotImplemented</Code><Message>not implemented</Message></Error>',
    }), async (storage) => {
      expect(await storage.removeStalePartials(new Date())).toBe(0);
    });
  });
});
