import type { FastifyMultipartOptions } from '@fastify/multipart';
import { MAX_REPORT_BYTES } from '@cqa/contracts';

/**
 * Registered once on the Fastify instance. Only POST /api/upload reads multipart bodies; the parser stops a file
 * one byte past the report limit (the storage's own meter is what refuses it), and allows one file and a few short fields.
 */
export const MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: MAX_REPORT_BYTES + 1,
    files: 1,
    fields: 4,
    fieldNameSize: 50,
    fieldSize: 1024,
    parts: 6,
    headerPairs: 20,
  },
};
