import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
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
