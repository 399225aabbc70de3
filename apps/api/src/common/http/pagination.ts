import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The highest page any list accepts: far past any real list, and small enough that (page - 1) × per_page stays a safe SQL offset. */
export const MAX_PAGE = 100_000;

const wholeNumber = (name: string, max: number) => ({ message: `${name} must be a whole number from 1 to ${max}` });

/** A list's `page` query parameter: 1 to MAX_PAGE, anything else answers 400 with one clear message. */
export const PageParam = () =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    IsOptional(), Type(() => Number), IsInt(wholeNumber('page', MAX_PAGE)), Min(1, wholeNumber('page', MAX_PAGE)), Max(MAX_PAGE, wholeNumber('page', MAX_PAGE)),
  );

/** A list's `per_page` query parameter: 1 to max. */
export const PerPageParam = (max: number, fallback: number) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: fallback }),
    IsOptional(), Type(() => Number), IsInt(wholeNumber('per_page', max)), Min(1, wholeNumber('per_page', max)), Max(max, wholeNumber('per_page', max)),
  );
