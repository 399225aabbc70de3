import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Messages, type MedicalReport } from '@cqa/contracts';
import { useToast } from '@cqa/web-core';
import { EmptyState, LoadingState } from '@cqa/web-ui';
import { reportErrorMessage, useDeleteMedicalReportMutation, useMedicalReportsQuery } from '../api';
import { useOpenReport } from '../hooks/use-open-report';
import { ReportList } from './ReportList';
import { ReportUploadForm } from './ReportUploadForm';
import { ReportScreenTexts } from '../texts';

export interface ReportsSectionProps {
  /** The patient's user id: reports are loaded by it (spec section 6). */
  patientUserId: string;
  /** Upload and delete: the patient's own wizard step 5, or an admin editing the profile. Read-only elsewhere. */
  editable: boolean;
  emptyText?: string;
}

/**
 * A patient's medical reports: list (type, date, size), open in a new tab, and when editable upload and delete.
 * Rendered by wizard step 5, the summary's card 4, the tabbed profile's Reports tab and the consolidated page.
 */
export function ReportsSection({ patientUserId, editable, emptyText }: ReportsSectionProps) {
  const toast = useToast();
  const reports = useMedicalReportsQuery(patientUserId, { skip: !patientUserId });
  const [deleteReport] = useDeleteMedicalReportMutation();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const openReport = useOpenReport();

  const remove = async (report: MedicalReport) => {
    setDeletingId(report.id);
    setDeleteError(null);
    try {
      await deleteReport({ id: report.id, patientUserId }).unwrap();
      toast.success(Messages.success.reportDeleted);
    } catch (error) {
      toast.error(Messages.errors.deleteFailed);
      setDeleteError(reportErrorMessage(error, Messages.errors.deleteReportFailed));
    } finally {
      setDeletingId(null);
    }
  };

  let body: React.ReactNode;
  if (reports.isLoading) {
    body = <LoadingState label={ReportScreenTexts.loading} />;
  } else if (reports.isError) {
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={reportErrorMessage(reports.error, Messages.errors.fetchReportsFailed)}
        action={
          <Button size="small" onClick={() => void reports.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (!reports.data || reports.data.length === 0) {
    body = <EmptyState message={emptyText ?? (editable ? Messages.empty.noReportsUploaded : Messages.empty.noReports)} />;
  } else {
    body = (
      <ReportList
        reports={reports.data}
        editable={editable}
        onOpen={(report) => void openReport(report)}
        onDelete={(report) => void remove(report)}
        deletingId={deletingId}
      />
    );
  }

  return (
    <section aria-label={ReportScreenTexts.sectionTitle}>
      {editable && <ReportUploadForm patientUserId={patientUserId} />}
      {deleteError && <Alert type="error" role="alert" showIcon title={deleteError} style={{ marginBottom: 12 }} closable onClose={() => setDeleteError(null)} />}
      {body}
    </section>
  );
}
