import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { MetricsCollector } from './metrics-collector.service';
import { MetricsController } from './metrics.controller';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'pretty', logger: false })],
  controllers: [HealthController, MetricsController],
  providers: [MetricsCollector],
})
export class HealthModule {}
