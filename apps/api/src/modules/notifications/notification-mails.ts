import type { AnswerKind } from '@cqa/contracts';
import type { OutgoingMail } from '../mail/mail.service';
import { escapeHtml } from '../mail/mail-text';
import { answersArrivedSentence, type DigestGroup, mailQuestionTitle } from './notification-rules';

/** RFC 8058: mail clients show an unsubscribe button that POSTs `List-Unsubscribe=One-Click` to the link, no sign-in. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

interface Paragraph { text: string; link?: string }

function compose(to: string, kind: string, subject: string, paragraphs: Paragraph[], link: string, unsubscribeUrl: string): OutgoingMail {
  const all: Paragraph[] = [...paragraphs, { text: 'To stop these e-mails, open this link:' }, { text: unsubscribeUrl, link: unsubscribeUrl }];
  const html = all
    .map((p) => (p.link ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.text)}</a></p>` : `<p>${escapeHtml(p.text)}</p>`))
    .join('\n');
  return {
    to, kind, subject, link, html,
    text: `${all.map((p) => p.text).join('\n\n')}\n`,
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/** Names the kinds of answer and the question's title; no answer text, nothing from the patient's record. */
export function answersArrivedMail(to: string, input: { questionText: string; kinds: readonly AnswerKind[]; link: string; unsubscribeUrl: string }): OutgoingMail {
  return compose(to, 'answers-arrived', 'New answers to your question on Cancer Q&A', [
    { text: answersArrivedSentence(input.kinds) },
    { text: `Question: "${mailQuestionTitle(input.questionText)}"` },
    { text: 'Read the answers on Cancer Q&A:' },
    { text: input.link, link: input.link },
  ], input.link, input.unsubscribeUrl);
}

/**
 * How many questions wait, by cancer type, and a link: never a question's words, which are the patients' health
 * details and stay on the platform.
 */
export function expertDigestMail(to: string, input: { groups: readonly DigestGroup[]; link: string; unsubscribeUrl: string }): OutgoingMail {
  const count = input.groups.reduce((sum, g) => sum + g.count, 0);
  const waiting = `${count} ${count === 1 ? 'question is' : 'questions are'} waiting for an expert answer`;
  return compose(to, 'expert-digest', waiting, [
    { text: `${waiting} on Cancer Q&A, by cancer type:` },
    ...input.groups.map((g) => ({ text: `${g.cancerType}: ${g.count}` })),
    { text: 'Open the questions:' },
    { text: input.link, link: input.link },
  ], input.link, input.unsubscribeUrl);
}
