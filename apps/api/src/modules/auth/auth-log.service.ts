import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthLogEntry, AuthLogEvent, AuthLogListResponse } from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { ClientInfo } from '../../common/access/client-info';
import { AuthLogEntity } from './entities/auth-log.entity';

@Injectable()
export class AuthLogService {
  constructor(@InjectRepository(AuthLogEntity) private readonly logs: Repository<AuthLogEntity>) {}

  async record(event: AuthLogEvent, userId: string | null, client: ClientInfo): Promise<void> {
    await this.logs.insert({ eventType: event, userId, ipAddress: client.ip.slice(0, 45), userAgent: client.userAgent });
  }

  async list(filter: { userId?: string; page: number; perPage: number }): Promise<AuthLogListResponse> {
    const [rows, total] = await this.logs.findAndCount({
      where: filter.userId ? { userId: filter.userId } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (filter.page - 1) * filter.perPage,
      take: filter.perPage,
    });
    return { logs: rows.map(toEntry), total, page: filter.page, per_page: filter.perPage };
  }
}

function toEntry(row: AuthLogEntity): AuthLogEntry {
  return {
    id: row.id, user_id: row.userId, event_type: row.eventType, ip_address: row.ipAddress, user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  };
}
