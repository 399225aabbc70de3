import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { NewAnswersCount, NotificationSettings, NotificationSettingsUpdate } from '@cqa/contracts';
import { IsBoolean, IsOptional } from 'class-validator';

export class NotificationSettingsDto implements NotificationSettings {
  @ApiProperty({ description: 'Patients: an e-mail when answers arrive on their questions (on by default).' })
  answerEmails: boolean;

  @ApiProperty({ description: 'Experts: a daily e-mail of questions waiting for an expert answer (off by default).' })
  expertDigest: boolean;
}

export class UpdateNotificationSettingsDto implements NotificationSettingsUpdate {
  @ApiPropertyOptional({ description: 'Patients only.' })
  @IsOptional() @IsBoolean()
  answerEmails?: boolean;

  @ApiPropertyOptional({ description: 'Experts only.' })
  @IsOptional() @IsBoolean()
  expertDigest?: boolean;
}

export class NewAnswersCountDto implements NewAnswersCount {
  @ApiProperty({ description: 'The caller\'s questions with answers they have not opened yet.' })
  count: number;
}
