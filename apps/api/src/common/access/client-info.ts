import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as far as the request tells: Fastify's request.ip honours TRUST_PROXY; nothing is looked up elsewhere. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function clientInfoOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

export const Client = createParamDecorator((_: unknown, context: ExecutionContext): ClientInfo => {
  return clientInfoOf(context.switchToHttp().getRequest<FastifyRequest>());
});
