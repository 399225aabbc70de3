import { createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HashingMeter } from './hashing-meter';
import { assertStorageKey, newStorageKey, ReportFileMissingError, ReportStorage, StoredObject, WriteOptions } from './report-storage';

const TEMP_DIR = '.partial';

/**
 * Files under one folder (REPORTS_DIR, outside anything served), named by their random key and spread over 256
 * sub-folders. A write goes to a temporary file first and is renamed into place only once complete.
 */
export class LocalReportStorage extends ReportStorage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {
    super();
  }

  async write(key: string, source: Readable, options: WriteOptions = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true, mode: 0o700 });
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = path.join(tempDir, `${key}.${newStorageKey()}`);
    const meter = new HashingMeter(options.maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      await rename(temp, target);
      return meter.result();
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ReportFileMissingError();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}
