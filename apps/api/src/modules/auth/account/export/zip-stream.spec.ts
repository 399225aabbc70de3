import { unzipSync } from 'fflate';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { safeEntryName, zipStream } from './zip-stream';

async function* entries(files: Array<{ name: string; content: Buffer | (() => Promise<Readable>); compress?: boolean }>) {
  yield* files;
}

describe('the data archive ZIP stream', () => {
  it('writes small entries and streamed files that unzip to the same bytes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const zip = unzipSync(new Uint8Array(await buffer(zipStream(entries([
      { name: 'a.json', content: Buffer.from('{"a":1}\n') },
      { name: 'reports/1/scan.pdf', content: async () => Readable.from([big.subarray(0, 1000), big.subarray(1000)]), compress: false },
    ])))));
    expect(Buffer.from(zip['a.json']!).toString()).toBe('{"a":1}\n');
    expect(Buffer.from(zip['reports/1/scan.pdf']!).equals(big)).toBe(true);
  });

  it('fails the whole stream when a file cannot be read, so no archive is kept', async () => {
    const failing = async () => Readable.from((async function* () {
      yield Buffer.from('part');
      throw new Error('read failed');
    })());
    await expect(buffer(zipStream(entries([{ name: 'x.pdf', content: failing }])))).rejects.toThrow('read failed');
  });

  it('keeps a person’s file name to one harmless path segment', () => {
    expect(safeEntryName('../../etc/passwd', 'report')).toBe('_.._etc_passwd');
    expect(safeEntryName('a\\b:c*?.pdf', 'report')).toBe('a_b_c__.pdf');
    expect(safeEntryName('...', 'report')).toBe('report');
    expect(safeEntryName('x'.repeat(300), 'report')).toHaveLength(120);
  });
});
