import { NotFoundException, PipeTransform } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ApiErrorBody } from '@cqa/contracts';

/** Question and answer ids are positive integers; anything else is an unknown record, not a malformed request. */
export class RecordIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw new NotFoundException(this.notFoundMessage);
    return id;
  }
}

export class ApiErrorDto implements ApiErrorBody {
  @ApiProperty() statusCode: number;
  @ApiProperty() error: string;
  @ApiProperty({ description: 'A text that can be shown to people.' }) message: string;
}
