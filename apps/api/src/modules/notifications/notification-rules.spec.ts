import { answerMailJobId, answerSourcesPhrase, ResearchRequestTexts, UNSUBSCRIBE_TOKEN_PATTERN } from '@cqa/contracts';
import { createHash } from 'node:crypto';
import {
  answerKindsOf, answerMailDelayMs, answersArrivedSentence, digestGroups, hashUnsubscribeToken, isUnsubscribeToken, mailQuestionTitle, newUnsubscribeToken,
} from './notification-rules';
import { answersArrivedMail, expertDigestMail } from './notification-mails';

describe('unsubscribe tokens', () => {
  it('are 32 random bytes in base64url, different each time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newUnsubscribeToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their hex sha256 only, the digest MariaDB\'s SHA2(token, 256) gives for the migrated ones', () => {
    const token = newUnsubscribeToken();
    expect(hashUnsubscribeToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashUnsubscribeToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashUnsubscribeToken(token)).not.toContain(token);
  });

  it('refuses anything that is not such a token: a user id, padding, other alphabets, other lengths', () => {
    expect(isUnsubscribeToken(newUnsubscribeToken())).toBe(true);
    for (const bad of ['3f2b9a1c-1111-4222-8333-444455556666', `${'A'.repeat(42)}=`, `${'A'.repeat(42)}+`, 'A'.repeat(44), 'A'.repeat(42), '', 42, null]) {
      expect(isUnsubscribeToken(bad)).toBe(false);
    }
  });
});

describe('the answer e-mail batching window', () => {
  it('waits the whole quiet period after the first untold answer, and not at all once it is over', () => {
    expect(answerMailDelayMs(0, 600)).toBe(600_000);
    expect(answerMailDelayMs(45_000, 600)).toBe(555_000);
    expect(answerMailDelayMs(600_000, 600)).toBe(0);
    expect(answerMailDelayMs(3_600_000, 600)).toBe(0);
  });

  it('names one job per question and first answer: the same window gives the same id, a later one a new id', () => {
    expect(answerMailJobId(7, 120)).toBe('answer-mail-q7-e120');
    expect(answerMailJobId('7', '120')).toBe(answerMailJobId(7, 120));
    expect(answerMailJobId(7, 121)).not.toBe(answerMailJobId(7, 120));
    expect(answerMailJobId(7, 120)).not.toMatch(/:|^\d+$/);
  });

  it('names each kind once, in tab order, whatever the rows say', () => {
    const rows = ['quora', 'quora', 'expert', 'quora', 'ai', 'bogus'].map((answer_kind) => ({ answer_kind }));
    expect(answerKindsOf(rows)).toEqual(['ai', 'quora', 'expert']);
    expect(answersArrivedSentence(answerKindsOf(rows))).toBe('Your question received an AI answer, community answers and an expert answer.');
    expect(answerSourcesPhrase(['deep_research'])).toBe('a deep research report');
  });
});

describe('what answer e-mails say', () => {
  const unsubscribeUrl = 'https://cqa.test/api/unsubscribe/tok';
  it('names the kinds and the title only, links the question, and carries the RFC 8058 headers', () => {
    const mail = answersArrivedMail('p@x.test', {
      questionText: 'Does chemo. cause fatigue? see http://evil.example/x for my scan', kinds: ['expert', 'quora'], link: 'https://cqa.test/patient/questions/5', unsubscribeUrl,
    });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain('community answers and an expert answer');
    expect(mail.text).toContain('https://cqa.test/patient/questions/5');
    expect(mail.text).toContain(unsubscribeUrl);
    // The title stays inert text: no link a mail client could make from it.
    expect(mail.text).not.toContain('http://evil');
    expect(mail.html).not.toContain('evil.example');
  });

  it('tells a declined deep research request without its reason, alone or beside answers (issue 38)', () => {
    const link = 'https://cqa.test/patient/questions/5';
    const alone = answersArrivedMail('p@x.test', { questionText: 'Q?', kinds: [], link, unsubscribeUrl, researchDeclined: true });
    expect(alone.subject).toBe('Your deep research request on Cancer Q&A');
    expect(alone.text).toContain(ResearchRequestTexts.declinedMailSentence);
    expect(alone.text).not.toContain('Your question received');
    const both = answersArrivedMail('p@x.test', { questionText: 'Q?', kinds: ['expert'], link, unsubscribeUrl, researchDeclined: true });
    expect(both.subject).toBe('New answers to your question on Cancer Q&A');
    expect(both.text).toContain('Your question received an expert answer.');
    expect(both.text).toContain(ResearchRequestTexts.declinedMailSentence);
  });

  it('the digest counts deep research requests waiting for review and links the queue, even when no question waits', () => {
    const mail = expertDigestMail('e@x.test', {
      groups: [], link: 'https://cqa.test/expert/questions', unsubscribeUrl, researchRequests: { count: 2, link: 'https://cqa.test/expert/research-requests' },
    });
    expect(mail.subject).toBe('2 deep research requests are waiting for review');
    expect(mail.text).toContain('2 deep research requests are waiting for review:\n\nhttps://cqa.test/expert/research-requests');
    expect(mail.text).not.toContain('waiting for an expert answer');
  });

  it('caps a long question to a title', () => {
    expect([...mailQuestionTitle('word '.repeat(100))].length).toBeLessThanOrEqual(80);
  });

  it('the digest says how many questions wait, by cancer type, and links them: no question\'s words', () => {
    const groups = [{ cancerType: 'Breast Cancer', count: 20 }, { cancerType: 'Head & Neck Cancer', count: 4 }, { cancerType: 'General', count: 1 }];
    const mail = expertDigestMail('e@x.test', { groups, link: 'https://cqa.test/expert/questions', unsubscribeUrl });
    expect(mail.subject).toBe('25 questions are waiting for an expert answer');
    expect(mail.text).toBe([
      '25 questions are waiting for an expert answer on Cancer Q&A, by cancer type:', 'Breast Cancer: 20', 'Head & Neck Cancer: 4', 'General: 1',
      'Open the questions:', 'https://cqa.test/expert/questions', 'To stop these e-mails, open this link:', unsubscribeUrl,
    ].join('\n\n') + '\n');
    expect(mail.html).toContain('<p>Head &amp; Neck Cancer: 4</p>');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(expertDigestMail('e@x.test', { groups: [{ cancerType: 'Lung Cancer', count: 1 }], link: 'l', unsubscribeUrl }).subject)
      .toBe('1 question is waiting for an expert answer');
  });

  it('counts the digest by the option list\'s cancer types, most first; any other stored value counts as Other', () => {
    expect(digestGroups([
      { cancer_type: 'Lung Cancer', n: '2' }, { cancer_type: 'General', n: 5 }, { cancer_type: 'Breast Cancer', n: '2' },
      { cancer_type: 'my scan at http://evil.example', n: 1 }, { cancer_type: 'Other', n: 1 }, { cancer_type: 'Melanoma', n: 0 },
    ])).toEqual([
      { cancerType: 'General', count: 5 }, { cancerType: 'Breast Cancer', count: 2 }, { cancerType: 'Lung Cancer', count: 2 }, { cancerType: 'Other', count: 2 },
    ]);
  });
});
