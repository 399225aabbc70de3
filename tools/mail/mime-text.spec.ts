import MailComposer from 'nodemailer/lib/mail-composer';
import { decode } from './mime-text';

describe('the test sinks’ email decoder', () => {
  it('reads the plain-text part of multipart/alternative, quoted-printable undone', () => {
    const raw = [
      'Subject: Verify your email', 'Content-Type: multipart/alternative;', ' boundary="--b1"', '',
      '----b1', 'Content-Type: text/html', '', '<p>html</p>',
      '----b1', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '',
      'Open http://x.test/verify?code=3Dabc and a very long line that is wrapped here=', ' on purpose.',
      '----b1--', '',
    ].join('\r\n');
    expect(decode(raw)).toEqual({ subject: 'Verify your email', text: 'Open http://x.test/verify?code=abc and a very long line that is wrapped here on purpose.' });
  });

  it('reads UTF-8 back from quoted-printable as nodemailer writes it (multi-byte characters, long lines)', async () => {
    const text = `1. Is it safe to take ibuprofen with my doctor’s chemo plan – and what about café au lait?\n2. Ça va après la chimiothérapie ? ${'long line '.repeat(12)}`;
    const raw = (await new MailComposer({ from: 'a@x.test', to: 'b@x.test', subject: 'Digest', text, html: '<p>x</p>' }).compile().build()).toString();
    expect(raw).toContain('quoted-printable');
    expect(decode(raw).text).toBe(text);
  });

  it('decodes a base64 body and a plain one', () => {
    const text = 'Reset: http://x.test/reset-password?token=t1\r\nBye';
    expect(decode(`Subject: Reset\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(text).toString('base64').replace(/(.{20})/g, '$1\r\n')}`))
      .toEqual({ subject: 'Reset', text: 'Reset: http://x.test/reset-password?token=t1\nBye' });
    expect(decode('Subject: Hi\r\n\r\nline one\r\n\r\nline two')).toEqual({ subject: 'Hi', text: 'line one\n\nline two' });
  });

  it('reads the RFC 8058 unsubscribe headers, folded or not', () => {
    const raw = 'Subject: New answers\r\nList-Unsubscribe:\r\n <https://x.test/api/unsubscribe/abc>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n\r\nHello';
    expect(decode(raw)).toEqual({
      subject: 'New answers', text: 'Hello', listUnsubscribe: '<https://x.test/api/unsubscribe/abc>', listUnsubscribePost: 'List-Unsubscribe=One-Click',
    });
  });
});
