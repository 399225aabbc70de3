import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { Messages } from '@cqa/contracts';

/** At most this many problems are returned; a body with thousands of unknown keys must not echo them all back. */
export const MAX_VALIDATION_MESSAGES = 20;

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const here = Object.values(e.constraints ?? {});
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    return [...here, ...flatten(e.children ?? [], path)];
  });
}

export function capMessages(all: string[]): string[] {
  const messages = [...new Set(all)];
  if (messages.length <= MAX_VALIDATION_MESSAGES) return messages;
  return [...messages.slice(0, MAX_VALIDATION_MESSAGES), Messages.platform.moreProblems(messages.length - MAX_VALIDATION_MESSAGES)];
}

/** The global validation: unknown fields refused, types transformed, every message kept for the error body. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(capMessages(flatten(errors))),
  });
}
