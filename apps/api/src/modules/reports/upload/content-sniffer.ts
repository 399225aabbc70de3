import { detectReportContentType, MAGIC_BYTES_NEEDED, ReportContentType } from '@cqa/contracts';
import { Transform, TransformCallback } from 'node:stream';

export class InvalidReportFileTypeError extends Error {
  constructor() {
    super('The file is not a PDF, JPEG or PNG.');
    this.name = 'InvalidReportFileTypeError';
  }
}

/**
 * Holds back the first bytes until they prove a PDF, PNG or JPEG, then passes everything through; anything else fails
 * the stream before a byte reaches storage. The name and the declared type of the upload are never looked at.
 */
export class ContentSniffer extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private detected: ReportContentType | null = null;

  get contentType(): ReportContentType {
    if (!this.detected) throw new Error('The content type is known only once the stream has started.');
    return this.detected;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.detected) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < MAGIC_BYTES_NEEDED) {
      callback();
      return;
    }
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.detected) callback();
    else this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    this.detected = detectReportContentType(head);
    if (!this.detected) callback(new InvalidReportFileTypeError());
    else callback(null, head);
  }
}
