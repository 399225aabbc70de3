import type { Role } from '@cqa/contracts';
import type { ResearchConfig } from '../../config/app-config';

/**
 * The deep-research visibility rule, written once: admins, and experts when RESEARCH_EXPERTS_MAY_START, control runs and
 * so see one before it is published (that it runs, its stage, plan, progress, failure). Everyone else, patients first,
 * sees the published report only. The research endpoint and the question's at-a-glance strip both ask here.
 */
export function mayControlResearch(role: Role, settings: Pick<ResearchConfig, 'expertsMayStart'>): boolean {
  return role === 'admin' || (role === 'expert' && settings.expertsMayStart);
}
