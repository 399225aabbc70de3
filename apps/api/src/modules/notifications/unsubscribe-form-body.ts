import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

const UNSUBSCRIBE_ROUTE = '/api/unsubscribe/:token';

/**
 * RFC 8058 mail clients POST `List-Unsubscribe=One-Click` as a form body. Only the unsubscribe route takes form bodies
 * (the handler needs nothing from it); everywhere else stays JSON-only, so no other route can be posted to by a form.
 */
export function registerUnsubscribeFormBody(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
    if (request.routeOptions?.url !== UNSUBSCRIBE_ROUTE) {
      done(Object.assign(new UnsupportedMediaTypeException(), { statusCode: 415 }), undefined);
      return;
    }
    done(null, {});
  });
}
