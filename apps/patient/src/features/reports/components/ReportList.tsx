import { Button, Popconfirm, Space, Table } from 'antd';
import { formatFileSize, ReportTexts, type MedicalReport } from '@cqa/contracts';

export const REPORTS_PER_PAGE = 10;

export interface ReportListProps {
  reports: MedicalReport[];
  editable: boolean;
  onOpen: (report: MedicalReport) => void;
  onDelete: (report: MedicalReport) => void;
  deletingId: string | null;
}

const uploadDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The reports with type, date and size (spec section 9: 1024 steps, two decimals); open always, delete when editable. */
export function ReportList({ reports, editable, onOpen, onDelete, deletingId }: ReportListProps) {
  return (
    <Table<MedicalReport>
      rowKey="id"
      size="middle"
      dataSource={reports}
      pagination={{ pageSize: REPORTS_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: ReportTexts.columns.file, dataIndex: 'file_name', key: 'file', render: (name: string) => <span style={{ wordBreak: 'break-word' }}>{name}</span> },
        { title: ReportTexts.columns.type, dataIndex: 'report_type', key: 'type' },
        { title: ReportTexts.columns.date, key: 'date', render: (_, report) => <time dateTime={report.upload_date}>{uploadDate(report.upload_date)}</time> },
        { title: ReportTexts.columns.size, key: 'size', render: (_, report) => formatFileSize(report.file_size) },
        {
          title: ReportTexts.columns.actions,
          key: 'actions',
          render: (_, report) => (
            <Space size="small">
              <Button size="small" onClick={() => onOpen(report)} aria-label={`${ReportTexts.open} ${report.file_name}`}>
                {ReportTexts.open}
              </Button>
              {editable && (
                <Popconfirm
                  title={ReportTexts.deleteTitle}
                  description={ReportTexts.deleteConfirm(report.file_name)}
                  okText={ReportTexts.delete}
                  cancelText={ReportTexts.cancel}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(report)}
                >
                  <Button
                    size="small"
                    danger
                    loading={deletingId === report.id}
                    aria-label={`${ReportTexts.delete} ${report.file_name}`}
                  >
                    {ReportTexts.delete}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
