import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { PassThrough, Readable } from 'node:stream';

export interface ArchiveEntry {
  /** The path inside the archive (already safe: see `safeEntryName`). */
  name: string;
  /** Small content as bytes; a file as a function opening its stream, called only when the entry is written. */
  content: Buffer | (() => Promise<Readable>);
  /** False for content that is compressed already (PDF, JPEG, PNG): stored as is. */
  compress?: boolean;
}

/**
 * The entries as one ZIP stream, written while it is read: one file's bytes at a time pass through, and reading pauses
 * while the consumer (the storage write) is behind, so no file is ever held whole in memory. Any failure (an entry that
 * cannot be read, an abort) destroys the stream with that error, which makes the storage drop the partial object.
 */
export function zipStream(entries: AsyncIterable<ArchiveEntry>, signal?: AbortSignal): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const produce = async () => {
    for await (const entry of entries) {
      signal?.throwIfAborted();
      const file = entry.compress === false ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      if (Buffer.isBuffer(entry.content)) {
        file.push(entry.content, true);
      } else {
        const source = await entry.content();
        try {
          for await (const chunk of source) {
            signal?.throwIfAborted();
            file.push(chunk as Buffer, false);
            await drained(out);
          }
        } finally {
          source.destroy();
        }
        file.push(new Uint8Array(0), true);
      }
      await drained(out);
    }
    zip.end();
  };
  produce().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** Waits while the consumer is behind; a consumer that has gone away ends the production. */
function drained(out: PassThrough): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('The archive stream was closed.'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => { out.off('drain', done); out.off('close', closed); resolve(); };
    const closed = () => { out.off('drain', done); reject(new Error('The archive stream was closed.')); };
    out.once('drain', done);
    out.once('close', closed);
  });
}

/** A name for a person's file inside the archive: no folders, no control characters, no leading dots, not too long. */
export function safeEntryName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a name in an archive must not carry
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}
