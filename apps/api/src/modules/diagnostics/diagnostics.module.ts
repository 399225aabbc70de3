import { Module } from '@nestjs/common';
import { DiagnosticsController } from './diagnostics.controller';
import { DiagnosticsService } from './diagnostics.service';
import { SelfCheckProcessor } from './self-check.processor';

@Module({
  controllers: [DiagnosticsController],
  providers: [DiagnosticsService, SelfCheckProcessor],
})
export class DiagnosticsModule {}
