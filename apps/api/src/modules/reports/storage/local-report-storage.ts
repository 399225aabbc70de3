import { createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HashingMeter } from './hashing-meter';
import { assertStorageKey, isStorageKey, ListedObject, newStorageKey, ReportFileMissingError, ReportStorage, StoredObject, WriteOptions } from './report-storage';

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

  async *list(): AsyncIterable<ListedObject> {
    for (const dir of await readdir(this.root).catch(() => [] as string[])) {
      if (!/^[a-f0-9]{2}$/.test(dir)) continue;
      for (const name of await readdir(path.join(this.root, dir)).catch(() => [] as string[])) {
        if (!isStorageKey(name) || !name.startsWith(dir)) continue;
        const info = await stat(path.join(this.root, dir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
      }
    }
  }

  async removeStalePartials(olderThan: Date): Promise<number> {
    const dir = path.join(this.root, TEMP_DIR);
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile() && info.mtime < olderThan) {
        await rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}
