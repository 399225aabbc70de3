/**
 * Reads the plain text out of a raw email, for the test SMTP sinks (the API's integration tests and the end-to-end
 * server, which runs this file with Node's type stripping: erasable TypeScript only, no Nest, nothing of ours).
 * Enough MIME for what nodemailer sends: multipart/alternative, quoted-printable and base64 bodies.
 */

/** The plain-text body: the text/plain part of a multipart message, transfer encoding undone. */
export function bodyOf(headers: string, body: string): string {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  if (/Content-Type: multipart\//i.test(headers) && boundary) {
    // multipart/alternative (text and HTML): the plain-text part is the one read.
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => part.replace(/^\r?\n/, ''));
    const plain = parts.find((part) => /Content-Type: text\/plain/i.test(part.split(/\r?\n\r?\n/)[0] ?? '')) ?? parts[0] ?? '';
    const [partHead = '', ...partRest] = plain.split(/\r?\n\r?\n/);
    return bodyOf(partHead.replace(/\r?\n\s+/g, ' '), partRest.join('\n\n').replace(/\r?\n$/, ''));
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    // Each =XX is one byte of UTF-8 (a curly apostrophe is three): collect bytes, then read them as UTF-8. The encoded
    // body is 7-bit, so latin1 maps every other character to its own byte.
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A raw message's subject and plain text (line ends as \n), and its RFC 8058 unsubscribe headers when it has them. */
export function decode(raw: string): { subject: string; text: string; listUnsubscribe?: string; listUnsubscribePost?: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n\s+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const listUnsubscribe = /^List-Unsubscribe: (.*)$/im.exec(headers)?.[1];
  const listUnsubscribePost = /^List-Unsubscribe-Post: (.*)$/im.exec(headers)?.[1];
  return {
    subject, text: bodyOf(headers, rest.join('\n\n')).replace(/\r\n/g, '\n'),
    ...(listUnsubscribe ? { listUnsubscribe } : {}), ...(listUnsubscribePost ? { listUnsubscribePost } : {}),
  };
}
