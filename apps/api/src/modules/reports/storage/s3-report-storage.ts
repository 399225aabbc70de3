import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CompletedPart, CreateMultipartUploadCommand, DeleteObjectCommand,
  GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListMultipartUploadsCommandOutput, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3StorageConfig } from '../../../config/app-config';
import { HashingMeter } from './hashing-meter';
import { assertStorageKey, isStorageKey, ListedObject, ReportFileMissingError, ReportStorage, StoredObject, WriteOptions } from './report-storage';

/** S3's smallest part but the last; also the most one upload holds in memory. */
export const S3_PART_BYTES = 5 * 1024 * 1024;
/** Report files' folder in the bucket; other stores of the same driver (data archives) pass their own. */
export const REPORTS_KEY_PREFIX = 'medical-reports/';

export function s3ClientFor(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials ?? undefined,
  });
}

/**
 * Report files in an S3-compatible bucket, so any number of API replicas share them. A file up to one part is one
 * PutObject; a larger one is a multipart upload of 5 MB parts, aborted on any failure so no object appears. Every
 * request carries a known length (no aws-chunked streaming), which S3-compatible servers accept alike.
 */
export class S3ReportStorage extends ReportStorage {
  readonly driver = 's3' as const;

  constructor(private readonly client: S3Client, private readonly bucket: string, private readonly prefix = REPORTS_KEY_PREFIX) {
    super();
  }

  async write(key: string, source: Readable, options: WriteOptions = {}): Promise<StoredObject> {
    const objectKey = this.objectKey(key);
    const meter = new HashingMeter(options.maxBytes);
    const parts: CompletedPart[] = [];
    let uploadId: string | undefined;
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const sendPart = async (body: Buffer): Promise<void> => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: objectKey }))).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({
        Bucket: this.bucket, Key: objectKey, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length,
      }));
      parts.push({ ETag, PartNumber });
    };

    try {
      await pipeline(source, meter, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= S3_PART_BYTES) {
            const all = Buffer.concat(pending, pendingBytes);
            await sendPart(all.subarray(0, S3_PART_BYTES));
            pending = [all.subarray(S3_PART_BYTES)];
            pendingBytes = pending[0]!.length;
          }
        }
      });
      const rest = Buffer.concat(pending, pendingBytes);
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: rest, ContentLength: rest.length }));
      } else {
        if (rest.length > 0) await sendPart(rest);
        await this.client.send(new CompleteMultipartUploadCommand({
          Bucket: this.bucket, Key: objectKey, UploadId: uploadId, MultipartUpload: { Parts: parts },
        }));
      }
      return meter.result();
    } catch (error) {
      if (uploadId !== undefined) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: objectKey, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(Body instanceof Readable)) throw new Error('S3 returned no readable body.');
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw new ReportFileMissingError();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = (object.Key ?? '').slice(this.prefix.length);
        if (isStorageKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Multipart uploads left open by a process that died mid-upload, page by page. A server that cannot list them (some
   * S3-compatible ones answer NotImplemented) has nothing this can remove: 0, and the rest of the sweep still runs; a
   * bucket lifecycle rule (AbortIncompleteMultipartUpload) then does this job.
   */
  async removeStalePartials(olderThan: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({
          Bucket: this.bucket, Prefix: this.prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker,
        }));
      } catch (error) {
        if (isNotImplemented(error)) return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed++;
      }
      [keyMarker, uploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (keyMarker !== undefined);
    return removed;
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.prefix}${key}`;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);
}

function isNotImplemented(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotImplemented' || error.$metadata?.httpStatusCode === 501);
}
