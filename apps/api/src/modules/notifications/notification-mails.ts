import type { AnswerKind } from '@cqa/contracts';
import type { OutgoingMail } from '../mail/mail.service';
import { escapeHtml } from '../mail/mail-text';
import { answersArrivedSentence, mailQuestionTitle } from './notification-rules';

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

/** The waiting questions' count and titles, oldest first. */
export function expertDigestMail(to: string, input: { count: number; questionTexts: readonly string[]; link: string; unsubscribeUrl: string }): OutgoingMail {
  const more = input.count - input.questionTexts.length;
  return compose(to, 'expert-digest', `${input.count} ${input.count === 1 ? 'question is' : 'questions are'} waiting for an expert answer`, [
    { text: `${input.count} ${input.count === 1 ? 'question is' : 'questions are'} waiting for an expert answer on Cancer Q&A, oldest first:` },
    ...input.questionTexts.map((text, i) => ({ text: `${i + 1}. ${mailQuestionTitle(text)}` })),
    ...(more > 0 ? [{ text: `…and ${more} more.` }] : []),
    { text: 'Open the questions:' },
    { text: input.link, link: input.link },
  ], input.link, input.unsubscribeUrl);
}
