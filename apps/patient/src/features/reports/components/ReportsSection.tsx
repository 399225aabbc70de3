import { Messages } from '@cqa/contracts';
import { EmptyState } from '@cqa/web-ui';

export interface ReportsSectionProps {
  patientUserId: string;
  editable: boolean;
  emptyText?: string;
}

/**
 * Placeholder with the agreed signature (see the profile contract): the reports work replaces this file with the
 * real list, upload, open and delete.
 */
export function ReportsSection({ emptyText }: ReportsSectionProps) {
  return <EmptyState message={emptyText ?? Messages.empty.noReportsUploaded} />;
}
