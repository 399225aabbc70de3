import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANSWER_KINDS, ANSWER_TEXT_MAX_LENGTH, AnswerKind, CreateAnswerRequest, FEEDBACK_MAX_LENGTH, QuestionApiTexts, RATING_MAX, RATING_MIN,
  RateAnswerRequest, UpdateAnswerRequest,
} from '@cqa/contracts';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { Rule } from '../../../common/errors/rule';

const EXPLANATION_MAX_LENGTH = 20000;
const SOURCES_MAX_LENGTH = 20000;

/** Sources arrive as a list of strings, JSON text, a URL or newline-separated text (the service makes them a list). */
const IsSources = () => ValidateBy({
  name: 'isSources',
  validator: {
    validate: (value: unknown) => {
      const items = Array.isArray(value) ? value : [value];
      return items.every((v) => typeof v === 'string') && items.join('\n').length <= SOURCES_MAX_LENGTH;
    },
    defaultMessage: () => `sources must be text or a list of texts of at most ${SOURCES_MAX_LENGTH} characters in all`,
  },
});

class AnswerFieldsDto {
  @ApiPropertyOptional({ maxLength: ANSWER_TEXT_MAX_LENGTH, description: 'Markdown. Required.' })
  @IsOptional() @IsString() @MaxLength(ANSWER_TEXT_MAX_LENGTH, { message: QuestionApiTexts.tooLong('Answer', ANSWER_TEXT_MAX_LENGTH) })
  answer_text?: string;

  @ApiPropertyOptional({ maxLength: EXPLANATION_MAX_LENGTH, description: 'Required for expert answers.' })
  @IsOptional() @IsString() @MaxLength(EXPLANATION_MAX_LENGTH, { message: QuestionApiTexts.tooLong('Explanation', EXPLANATION_MAX_LENGTH) })
  explanation_logic?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }],
    description: 'A list, JSON text, a URL or one source per line; stored as a list. At least one for expert answers.',
  })
  @IsOptional() @IsSources()
  sources?: string[] | string;

  @ApiPropertyOptional({ maxLength: 255, description: 'Required for expert answers.' })
  @IsOptional() @IsString() @MaxLength(255)
  search_method?: string;

  @ApiPropertyOptional({ maxLength: 200, description: "Expert answers by an expert default to the expert's first name." })
  @IsOptional() @IsString() @MaxLength(200)
  expert_name?: string;
}

/** answer_text is checked by the service, which knows the kind and so every rule of the answer form. */
export class CreateAnswerDto extends AnswerFieldsDto implements Partial<CreateAnswerRequest> {
  @ApiPropertyOptional({ enum: ANSWER_KINDS, description: 'Experts: expert only (may be left out). Admins: required.' })
  @IsOptional() @IsIn(ANSWER_KINDS, { message: QuestionApiTexts.answerTypeRequired })
  answer_type?: AnswerKind;
}

export class UpdateAnswerDto extends AnswerFieldsDto implements UpdateAnswerRequest {}

export class RateAnswerDto implements RateAnswerRequest {
  @ApiProperty({ minimum: RATING_MIN, maximum: RATING_MAX })
  @Rule('rating', (v) => (Number.isInteger(v) && (v as number) >= RATING_MIN && (v as number) <= RATING_MAX ? null : QuestionApiTexts.ratingRange))
  rating: number;

  @ApiPropertyOptional({ maxLength: FEEDBACK_MAX_LENGTH, description: 'Left out: the earlier feedback stays; empty: removed.' })
  @IsOptional() @IsString() @MaxLength(FEEDBACK_MAX_LENGTH, { message: QuestionApiTexts.tooLong('Feedback', FEEDBACK_MAX_LENGTH) })
  feedback?: string;
}
