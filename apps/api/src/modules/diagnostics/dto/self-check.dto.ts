import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_HOLD_MS = 10_000;

export class SelfCheckRequestDto {
  @ApiPropertyOptional({ description: 'How long the worker holds the job before finishing, to try graceful shutdown.', minimum: 0, maximum: MAX_HOLD_MS })
  @IsOptional()
  @IsInt({ message: 'holdMs must be a whole number of milliseconds' })
  @Min(0, { message: 'holdMs must be 0 or more' })
  @Max(MAX_HOLD_MS, { message: `holdMs must be ${MAX_HOLD_MS} or less` })
  holdMs?: number;
}

export class SelfCheckAcceptedDto {
  @ApiProperty() id: string;
}

export class SelfCheckResultDto {
  @ApiProperty({ enum: ['up'] }) database: 'up';
  @ApiProperty({ description: 'Host and process id of the worker that ran the job.' }) worker: string;
  @ApiProperty() processedAt: string;
  @ApiProperty() durationMs: number;
}

export class SelfCheckStatusDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['waiting', 'delayed', 'active', 'completed', 'failed', 'unknown'] }) state: string;
  @ApiProperty({ type: SelfCheckResultDto, nullable: true }) result: SelfCheckResultDto | null;
  @ApiProperty({ type: String, nullable: true }) failedReason: string | null;
}
