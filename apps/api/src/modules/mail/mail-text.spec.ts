import { adminRegistrationMail, approvalMail, rejectionMail, verificationMail } from './mail-templates';
import { escapeHtml, inertName, inertText, MAIL_NAME_MAX_LENGTH } from './mail-text';

const HOSTILE = 'Win a prize at https://evil.example/claim?x=1 <a href="http://evil.example">click</a> or www.evil.example now';

describe('names in emails are inert text', () => {
  it('keeps no link, address, domain or markup and caps the length', () => {
    const name = inertName(HOSTILE);
    expect(name).not.toMatch(/:\/\/|www\.|\.example|\.\w|<|>|@|\//);
    expect([...name].length).toBeLessThanOrEqual(MAIL_NAME_MAX_LENGTH);
    expect(name.endsWith('…')).toBe(true);
    expect(inertName('Ana-María O\'Neil')).toBe('Ana-María O\'Neil');
  });

  it('drops control and text-direction characters and never answers empty', () => {
    expect(inertName('Ev\u202eil\u0000\u200bname')).toBe('Evilname');
    expect(inertName('://..@@')).toBe('(no name)');
  });

  it('escapes HTML', () => {
    expect(escapeHtml('<b onclick="x">&\'')).toBe('&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;');
  });

  it('the verification and admin emails carry the inert name, escaped in HTML, and no link but their own', () => {
    const link = 'https://app.test/verify-email/abc';
    for (const mail of [
      verificationMail('to@x.test', HOSTILE, link),
      approvalMail('to@x.test', HOSTILE, 'expert', link),
      rejectionMail('to@x.test', HOSTILE, `Visit evil.example or write to a@evil.example: http://evil.example/x`, link),
      adminRegistrationMail('admin@x.test', { firstName: HOSTILE, lastName: '<script>alert(1)</script>', email: 'evil@evil.example', role: 'patient', registeredAt: new Date(0) }, link),
    ]) {
      for (const body of [mail.text, mail.html ?? '']) {
        const withoutOwnLink = body.replace(`<a href="${link}">${link}</a>`, '').replaceAll(link, '');
        expect(withoutOwnLink).not.toMatch(/evil\.example|:\/\/|www\.|<a |<script|@/i);
        expect(body.match(/https?:\/\/[^\s"<]+/g)).toEqual([link, ...(body === mail.html ? [link] : [])]);
      }
      expect(mail.subject).not.toMatch(/evil/);
    }
  });

  it("keeps an admin's reason readable as sentences, and inert", () => {
    expect(inertText('Licence not verified. Please send it again.', 1000)).toBe('Licence not verified. Please send it again.');
    expect(inertText('See evil.example/a or mail x@evil.example', 1000)).toBe('See evil example a or mail x evil example');
    expect(inertText('Full\u202ewidth\uff0eexample', 1000)).toBe('Fullwidth example');
    expect(rejectionMail('to@x.test', 'Ann', undefined, 'https://app.test/').text).not.toContain('reason');
    expect(rejectionMail('to@x.test', 'Ann', 'Licence not verified.', 'https://app.test/').text).toContain('The reason given: Licence not verified.');
  });
});
