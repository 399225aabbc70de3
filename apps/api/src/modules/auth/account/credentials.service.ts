import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ExpertCredentials, Messages, Role, StoredExpertCredentials } from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { UserEntity } from '../entities/user.entity';

/** The signed-in expert's own professional details (issue 44 item 7): always the caller's row, never one named by the client. */
@Injectable()
export class CredentialsService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async of(caller: AuthenticatedUser): Promise<StoredExpertCredentials> {
    const user = await this.users.findOne({
      where: { id: caller.id, role: Role.Expert }, select: { id: true, specialty: true, licenceNumber: true, institution: true },
    });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    return { specialty: user.specialty, licence_number: user.licenceNumber, institution: user.institution };
  }

  async update(caller: AuthenticatedUser, details: ExpertCredentials): Promise<StoredExpertCredentials> {
    const result = await this.users.update(
      { id: caller.id, role: Role.Expert },
      { specialty: details.specialty, licenceNumber: details.licence_number, institution: details.institution },
    );
    if (!result.affected) throw new NotFoundException(Messages.errors.userNotFound);
    return this.of(caller);
  }
}
