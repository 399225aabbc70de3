import { applyDecorators } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { Roles } from '../../../common/access/access.decorator';
import { ApiErrorDto } from '../../../common/http/api-error.dto';

/** A staff route that starts or steers deep research: admins, and experts while RESEARCH_EXPERTS_MAY_START is on. */
export const ControlsResearch = () =>
  applyDecorators(
    Roles('admin', 'expert'),
    ApiForbiddenResponse({ type: ApiErrorDto, description: 'Experts may not control deep research (RESEARCH_EXPERTS_MAY_START is off).' }),
  );

/** ControlsResearch on one run of the question named in the path. */
export const ControlsRun = () =>
  applyDecorators(ControlsResearch(), ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such run of this question.' }));

/** A route that calls the model: refused while no AI provider is configured. */
export const CallsTheModel = () => ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'AI provider not configured' });
