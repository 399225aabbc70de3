import { NOTIFICATION_SETTINGS_PAGE, NotificationPaths, NotificationTexts as T } from '@cqa/contracts';
import { escapeHtml } from '../mail/mail-text';

/**
 * The small pages of the unsubscribe link, served by the API itself: a mail client's or a person's browser opens them
 * without the web app and without signing in. Plain HTML (no script), readable and operable without styles.
 */
function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(T.unsubscribePageTitle)}</title>
<style>
body { font-family: system-ui, sans-serif; color: #141414; background: #fff; margin: 0; padding: 24px; line-height: 1.5; }
main { max-width: 560px; margin: 0 auto; }
h1 { font-size: 24px; }
button { font-size: 16px; min-height: 44px; padding: 0 20px; color: #fff; background: #0b57d0; border: 0; border-radius: 6px; cursor: pointer; }
a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(T.unsubscribePageTitle)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** GET: a link scanner opening the link changes nothing; the person confirms with one button (a POST to the same link). */
export function confirmPage(token: string): string {
  return page(`<p>${escapeHtml(T.unsubscribeConfirm)}</p>
<form method="post" action="${escapeHtml(NotificationPaths.unsubscribe(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(T.unsubscribeButton)}</button>
</form>`);
}

export function donePage(): string {
  return page(`<p role="status">${escapeHtml(T.unsubscribed)}</p>
<p><a href="/">Cancer Q&amp;A</a></p>`);
}

export function invalidPage(): string {
  return page(`<p role="alert">${escapeHtml(T.unsubscribeInvalid)}</p>
<p><a href="/">Cancer Q&amp;A</a></p>`);
}

export function spentPage(): string {
  return page(`<p role="alert">${escapeHtml(T.unsubscribeSpent)}</p>
<p><a href="/">Cancer Q&amp;A</a></p>`);
}

/** An unused link past its lifetime: nothing changed; the settings page (behind sign-in) still turns e-mails off. */
export function expiredPage(): string {
  return page(`<p role="alert">${escapeHtml(T.unsubscribeExpired)}</p>
<p><a href="${escapeHtml(NOTIFICATION_SETTINGS_PAGE)}">${escapeHtml(T.unsubscribeSignInToChange)}</a></p>`);
}
