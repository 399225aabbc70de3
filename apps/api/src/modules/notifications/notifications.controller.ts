import { Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type NewAnswersCount, type NotificationSettings, NotificationTexts } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { NewAnswersCountDto, NotificationSettingsDto, UpdateNotificationSettingsDto } from './notifications.dto';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NewAnswersRepository } from './new-answers.repository';

@ApiTags('notifications')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role the route does not allow.' })
@Controller()
export class NotificationsController {
  constructor(private readonly settings: NotificationSettingsRepository, private readonly newAnswers: NewAnswersRepository) {}

  @Get('account/notifications')
  @Roles('patient', 'expert')
  @ApiOperation({ summary: 'The caller\'s e-mail notification settings.' })
  @ApiOkResponse({ type: NotificationSettingsDto })
  get(@CurrentUser() caller: AuthenticatedUser): Promise<NotificationSettings> {
    return this.settings.get(caller.id);
  }

  @Put('account/notifications')
  @Roles('patient', 'expert')
  @ApiOperation({ summary: 'Turn answer e-mails (patients) or the daily digest of waiting questions (experts) on or off.' })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateNotificationSettingsDto): Promise<NotificationSettings> {
    // Each role has its own e-mail; the other one's switch is not theirs to set.
    if (caller.role === 'patient' && body.expertDigest !== undefined) throw new ForbiddenException(NotificationTexts.digestExpertsOnly);
    if (caller.role === 'expert' && body.answerEmails !== undefined) throw new ForbiddenException(NotificationTexts.answerEmailsPatientsOnly);
    return this.settings.update(caller.id, body);
  }

  @Get('notifications/new-answers')
  @Roles('patient')
  @ApiOperation({ summary: 'How many of the caller\'s questions have answers they have not opened yet (the top bar\'s count).' })
  @ApiOkResponse({ type: NewAnswersCountDto })
  async count(@CurrentUser() caller: AuthenticatedUser): Promise<NewAnswersCount> {
    return { count: await this.newAnswers.count(caller.id) };
  }
}
