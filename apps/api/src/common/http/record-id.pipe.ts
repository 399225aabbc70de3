import { NotFoundException, PipeTransform } from '@nestjs/common';

/** Question and answer ids are positive integers; anything else is an unknown record, not a malformed request. */
export class RecordIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw new NotFoundException(this.notFoundMessage);
    return id;
  }
}
