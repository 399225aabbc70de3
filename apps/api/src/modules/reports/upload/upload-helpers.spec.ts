import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentDisposition } from '../content-disposition';
import { ContentSniffer, InvalidReportFileTypeError } from './content-sniffer';
import { cleanFileName } from './file-name';

async function sniff(chunks: Buffer[]): Promise<{ type: string; out: Buffer }> {
  const sniffer = new ContentSniffer();
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), sniffer, async (source: AsyncIterable<Buffer>) => {
    for await (const c of source) out.push(c);
  });
  return { type: sniffer.contentType, out: Buffer.concat(out) };
}

describe('ContentSniffer', () => {
  it('judges by the first bytes even when they arrive one at a time, and passes every byte through', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const result = await sniff([...png].map((b) => Buffer.from([b])));
    expect(result.type).toBe('image/png');
    expect(result.out.equals(png)).toBe(true);
  });

  it('accepts a tiny PDF shorter than the sniff window', async () => {
    expect((await sniff([Buffer.from('%PDF-')])).type).toBe('application/pdf');
  });

  it('refuses a script, HTML, an empty file and a PDF signature that is not at the start', async () => {
    for (const body of ['#!/bin/sh\necho hi', '<html><script>x</script>', '', '  %PDF-1.7']) {
      await expect(sniff([Buffer.from(body)])).rejects.toBeInstanceOf(InvalidReportFileTypeError);
    }
  });
});

describe('cleanFileName', () => {
  it('keeps an ordinary name, including non-ASCII letters', () => {
    expect(cleanFileName('Blutbild März.pdf', 'application/pdf')).toBe('Blutbild März.pdf');
  });

  it('drops folders and control characters, and names a nameless file by its type', () => {
    expect(cleanFileName('C:\\Users\\x\\scan.png', 'image/png')).toBe('scan.png');
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(cleanFileName('a\u0000b\r\nc.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(cleanFileName('', 'image/jpeg')).toBe('report.jpg');
    expect(cleanFileName('..', 'image/png')).toBe('report.png');
    expect(cleanFileName(undefined, 'application/pdf')).toBe('report.pdf');
  });

  it('drops bidi overrides, isolates, marks and zero-width characters', () => {
    expect(cleanFileName('report\u202Efdp.exe.pdf', 'application/pdf')).toBe('reportfdp.exe.pdf');
    expect(cleanFileName('\u2066scan\u2069\u200E\u200B\uFEFF.png', 'image/png')).toBe('scan.png');
    expect(cleanFileName('\u202E\u200F', 'image/png')).toBe('report.png');
  });

  it('gives the file the extension of its detected type', () => {
    expect(cleanFileName('x.html', 'application/pdf')).toBe('x.pdf');
    expect(cleanFileName('x.HTML', 'application/pdf')).toBe('x.pdf');
    expect(cleanFileName('lab results', 'application/pdf')).toBe('lab results.pdf');
    expect(cleanFileName('scan.jpeg', 'image/jpeg')).toBe('scan.jpeg');
    expect(cleanFileName('scan.JPG', 'image/jpeg')).toBe('scan.JPG');
    expect(cleanFileName('scan.png', 'image/jpeg')).toBe('scan.jpg');
    expect(cleanFileName('.html', 'application/pdf')).toBe('.html.pdf');
  });

  it('shortens a long name to 255 characters, keeping the extension', () => {
    const name = cleanFileName(`${'x'.repeat(400)}.pdf`, 'application/pdf');
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('x.pdf')).toBe(true);
    expect(Array.from(cleanFileName('😀'.repeat(300), 'image/png'))).toHaveLength(255);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name per RFC 5987', () => {
    expect(contentDisposition('inline', 'scan.pdf')).toBe(`inline; filename="scan.pdf"; filename*=UTF-8''scan.pdf`);
    expect(contentDisposition('attachment', 'Blutbild März (1).pdf')).toBe(
      `attachment; filename="Blutbild Marz (1).pdf"; filename*=UTF-8''Blutbild%20M%C3%A4rz%20%281%29.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes, semicolons or line breaks', () => {
    const header = contentDisposition('inline', 'a"; filename="evil.html\\%0d.pdf');
    expect(header).toBe(`inline; filename="a_; filename=_evil.html__0d.pdf"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html%5C%250d.pdf`);
    expect(contentDisposition('inline', '检查报告.png')).toBe(`inline; filename="____.png"; filename*=UTF-8''%E6%A3%80%E6%9F%A5%E6%8A%A5%E5%91%8A.png`);
    expect(contentDisposition('inline', 'a\r\nSet-Cookie: x')).toBe(`inline; filename="a__Set-Cookie: x"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x`);
  });
});

describe('cleanFileName and browser form encoding', () => {
  it('reads back the quotes and line breaks browsers escape in multipart file names', () => {
    expect(cleanFileName('Blutbild %22März%22.pdf', 'application/pdf')).toBe('Blutbild "März".pdf');
    expect(cleanFileName('a%0D%0Ab.pdf', 'application/pdf')).toBe('ab.pdf');
  });
});
