import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { AUTH_FORM_ROUTES } from '@cqa/contracts';
import type { FastifyInstance } from 'fastify';

/** A form post's fields: the first value of each name (a form of ours never repeats one). */
export type FormFields = Record<string, string>;

/** RFC 8058 mail clients POST `List-Unsubscribe=One-Click`; the handler needs nothing from it. */
const BODY_IGNORED = new Set(['/api/unsubscribe/:token']);
/** The public pages' forms (AUTH_FORM_ROUTES): a few short fields each. */
const FORM_ROUTES = new Set<string>(Object.values(AUTH_FORM_ROUTES));
const FORM_BODY_LIMIT = 8 * 1024;
const IGNORED_BODY_LIMIT = 1024;

/**
 * urlencoded bodies are taken by these routes only; everywhere else stays JSON-only (415), so no other route can be
 * posted to by a form. The cross-site guard (common/access/cross-site.ts) has already refused a form route's post from
 * another site before its body is read.
 */
export function registerFormBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (request, body, done) => {
    const route = request.routeOptions?.url ?? '';
    const text = String(body);
    if (BODY_IGNORED.has(route)) {
      if (text.length > IGNORED_BODY_LIMIT) done(Object.assign(new PayloadTooLargeException(), { statusCode: 413 }), undefined);
      else done(null, {});
    } else if (FORM_ROUTES.has(route)) {
      const fields: FormFields = Object.create(null) as FormFields;
      for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
      done(null, fields);
    } else {
      done(Object.assign(new UnsupportedMediaTypeException(), { statusCode: 415 }), undefined);
    }
  });
}
