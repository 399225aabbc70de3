import { ResearchRequestTexts, type AnswerKind } from '@cqa/contracts';
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
export function answersArrivedMail(
  to: string,
  input: { questionText: string; kinds: readonly AnswerKind[]; link: string; unsubscribeUrl: string; researchDeclined?: boolean },
): OutgoingMail {
  // A declined deep research request is told like an answer; its reason stays on the platform (a reviewer's words).
  const sentences = [
    ...(input.kinds.length > 0 ? [{ text: answersArrivedSentence(input.kinds) }] : []),
    ...(input.researchDeclined ? [{ text: ResearchRequestTexts.declinedMailSentence }] : []),
  ];
  const subject = input.kinds.length > 0 ? 'New answers to your question on Cancer Q&A' : 'Your deep research request on Cancer Q&A';
  return compose(to, 'answers-arrived', subject, [
    ...sentences,
    { text: `Question: "${mailQuestionTitle(input.questionText)}"` },
    { text: 'Read the answers on Cancer Q&A:' },
    { text: input.link, link: input.link },
  ], input.link, input.unsubscribeUrl);
}

/**
 * How many questions wait, by cancer type, and a link: never a question's words, which are the patients' health
 * details and stay on the platform.
 */
export function expertDigestMail(
  to: string,
  input: { groups: readonly DigestGroup[]; link: string; unsubscribeUrl: string; researchRequests?: { count: number; link: string } },
): OutgoingMail {
  const count = input.groups.reduce((sum, g) => sum + g.count, 0);
  const waiting = `${count} ${count === 1 ? 'question is' : 'questions are'} waiting for an expert answer`;
  const requests = input.researchRequests && input.researchRequests.count > 0 ? input.researchRequests : null;
  const questions: Paragraph[] = count > 0 ? [
    { text: `${waiting} on Cancer Q&A, by cancer type:` },
    ...input.groups.map((g) => ({ text: `${g.cancerType}: ${g.count}` })),
    { text: 'Open the questions:' },
    { text: input.link, link: input.link },
  ] : [];
  // Issue 38: deep research requests waiting for review, counted (never their questions' words), with the queue's link.
  const research: Paragraph[] = requests ? [{ text: ResearchRequestTexts.digestLine(requests.count) }, { text: requests.link, link: requests.link }] : [];
  const subject = count > 0 ? waiting : ResearchRequestTexts.digestLine(requests?.count ?? 0).replace(/:$/, '');
  return compose(to, 'expert-digest', subject, [...questions, ...research], count > 0 ? input.link : (requests?.link ?? input.link), input.unsubscribeUrl);
}
