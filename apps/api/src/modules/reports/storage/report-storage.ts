import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Bytes written. */
  size: number;
  /** Hex SHA-256 of exactly those bytes. */
  sha256: string;
}

export interface WriteOptions {
  /** Past this many bytes the write fails with ReportTooLargeError and nothing is kept. */
  maxBytes?: number;
}

/**
 * Where report files live. Writes stream (the file is never held whole in memory) and are all-or-nothing: a write
 * that fails, is aborted by its source, or goes past the limit leaves no object behind.
 */
export abstract class ReportStorage {
  abstract readonly driver: 'local' | 's3';
  abstract write(key: string, source: Readable, options?: WriteOptions): Promise<StoredObject>;
  /** The stored bytes; ReportFileMissingError when there are none (async: a remote store answers before bytes flow). */
  abstract read(key: string): Promise<Readable>;
  /** Removes the object; removing a missing one succeeds. */
  abstract delete(key: string): Promise<void>;
  /** Whether an object exists (tests and maintenance). */
  abstract exists(key: string): Promise<boolean>;
  /** Every stored object with its last change, for the sweep; names that are not storage keys are left out. */
  abstract list(): AsyncIterable<ListedObject>;
  /** Removes unfinished writes older than `olderThan` (a process killed mid-upload); returns how many. */
  abstract removeStalePartials(olderThan: Date): Promise<number>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export class ReportTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'ReportTooLargeError';
  }
}

export class ReportFileMissingError extends Error {
  constructor() {
    super('The stored report file is missing.');
    this.name = 'ReportFileMissingError';
  }
}

const KEY_PATTERN = /^[a-f0-9]{32}$/;

export const isStorageKey = (name: string): boolean => KEY_PATTERN.test(name);

/** 128 random bits as hex: unguessable and safe as a file or object name. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Keys come from our database, but a driver never builds a path from anything else. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid report storage key.');
}
