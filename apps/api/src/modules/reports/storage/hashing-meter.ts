import { createHash, Hash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import { ReportTooLargeError, StoredObject } from './report-storage';

/** Passes bytes through while counting and hashing them; fails as soon as the count passes `maxBytes`. */
export class HashingMeter extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private size = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new ReportTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Only meaningful once the stream has ended. */
  result(): StoredObject {
    return { size: this.size, sha256: this.hash.copy().digest('hex') };
  }
}
