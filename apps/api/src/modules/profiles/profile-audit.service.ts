import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ProfileAccessLogEntry, ProfileAccessLogListResponse } from '@cqa/contracts';
import { Repository } from 'typeorm';
import { ProfileAccessLogEntity } from './entities/profile-access-log.entity';

export interface ProfileAccessLogFilter {
  patientId?: string;
  userId?: string;
  page: number;
  perPage: number;
}

/** Reads the profile access audit trail for admins; PatientAccess writes it. */
@Injectable()
export class ProfileAuditService {
  constructor(@InjectRepository(ProfileAccessLogEntity) private readonly logs: Repository<ProfileAccessLogEntity>) {}

  async list(filter: ProfileAccessLogFilter): Promise<ProfileAccessLogListResponse> {
    const query = this.logs
      .createQueryBuilder('log')
      .leftJoin('users', 'u', 'u.id = log.actor_user_id')
      .select([
        'log.id AS id', 'log.actor_user_id AS user_id', 'u.email AS user_email', 'log.actor_role AS user_role',
        'log.patient_id AS patient_id', 'log.action AS action', 'log.detail AS detail', 'log.ip_address AS ip_address',
        'log.created_at AS created_at',
      ])
      .orderBy('log.id', 'DESC')
      .offset((filter.page - 1) * filter.perPage)
      .limit(filter.perPage);
    if (filter.patientId) query.andWhere('log.patient_id = :patientId', { patientId: filter.patientId });
    if (filter.userId) query.andWhere('log.actor_user_id = :userId', { userId: filter.userId });
    const [rows, total] = await Promise.all([query.getRawMany<RawLogRow>(), query.clone().offset(undefined).limit(undefined).getCount()]);
    return { logs: rows.map(toEntry), total, page: filter.page, per_page: filter.perPage };
  }
}

interface RawLogRow extends Omit<ProfileAccessLogEntry, 'id' | 'created_at'> {
  id: string | number;
  created_at: Date;
}

function toEntry(row: RawLogRow): ProfileAccessLogEntry {
  return {
    id: Number(row.id), user_id: row.user_id, user_email: row.user_email, user_role: row.user_role, patient_id: row.patient_id,
    action: row.action, detail: row.detail, ip_address: row.ip_address, created_at: new Date(row.created_at).toISOString(),
  };
}
