import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** API JSON smaller than this goes out as it is: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON answers above the threshold (brotli at quality 4, which costs about as much CPU as gzip, or gzip),
 * with Vary: Accept-Encoding. The built web is pre-compressed at build time (web-static.ts) and passes untouched.
 */
export async function registerCompression(fastify: FastifyInstance) {
  await fastify.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are never inflated: a compressed body would slip past the JSON size guards (json-body.ts).
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
