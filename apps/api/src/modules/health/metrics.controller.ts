import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/access/access.decorator';
import { renderMetrics } from '../../common/metrics/metrics';

@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  @Get()
  @Roles('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "Prometheus metrics of this API process (admins; a scraper uses METRICS_PORT instead)" })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text format.' })
  async metrics(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await renderMetrics();
    await reply.header('content-type', contentType).send(body);
  }
}
