import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { ANSWER_KINDS } from '@cqa/contracts';

/**
 * Declares one OpenAPI property per answer kind of contracts' ANSWER_KINDS on a DTO of `Record<AnswerKind, …>`, so a
 * new answer source changes no DTO that lists the kinds.
 */
export function eachAnswerKind(options: ApiPropertyOptions): ClassDecorator {
  return (dto) => {
    for (const kind of ANSWER_KINDS) ApiProperty(options)(dto.prototype, kind);
  };
}
