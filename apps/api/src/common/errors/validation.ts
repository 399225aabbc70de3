import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const here = Object.values(e.constraints ?? {});
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    return [...here, ...flatten(e.children ?? [], path)];
  });
}

/** The global validation: unknown fields refused, types transformed, every message kept for the error body. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(flatten(errors)),
  });
}
