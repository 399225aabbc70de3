import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS } from './migrations';
import { UserEntity } from '../modules/auth/entities/user.entity';
import { PatientEntity } from '../modules/profiles/entities/patient.entity';
import { EmailTokenEntity } from '../modules/auth/entities/email-token.entity';
import { RefreshTokenEntity } from '../modules/auth/entities/refresh-token.entity';
import { AuthLogEntity } from '../modules/auth/entities/auth-log.entity';
import { ProfileAccessLogEntity } from '../modules/profiles/entities/profile-access-log.entity';
import { MedicalReportEntity } from '../modules/reports/entities/medical-report.entity';
import { AnswerEntity } from '../modules/answers/entities/answer.entity';
import { QuestionEntity } from '../modules/questions/entities/question.entity';
import { RatingEntity } from '../modules/answers/entities/rating.entity';
import { AiRunEntity, AiRunRecordEntity } from '../modules/answers/ai/entities/ai-run.entity';
import { RecoveryCodeEntity, TwoFactorEntity } from '../modules/auth/two-factor/entities/two-factor.entity';
import { LiteratureRecordEntity } from '../modules/answers/literature/literature-record.entity';

export const ENTITIES = [
  UserEntity,
  PatientEntity,
  EmailTokenEntity,
  RefreshTokenEntity,
  AuthLogEntity,
  QuestionEntity,
  AnswerEntity,
  RatingEntity,
  ProfileAccessLogEntity,
  MedicalReportEntity,
  LiteratureRecordEntity,
  AiRunEntity,
  AiRunRecordEntity,
  TwoFactorEntity,
  RecoveryCodeEntity,
];

/** One description of the connection, used by the API, the worker, the CLI and the tests. Schema changes only by migration. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'mysql',
    url: config.databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    connectTimeout: 5000,
  };
}

/** The same URL without its database, for creating or dropping that database. */
export function serverUrlAndName(databaseUrl: string): { serverUrl: string; database: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/';
  return { serverUrl: url.toString(), database };
}
