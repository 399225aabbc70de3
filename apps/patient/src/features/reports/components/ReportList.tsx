import { Button, Popconfirm, Space, Table } from 'antd';
import { formatFileSize, type MedicalReport } from '@cqa/contracts';
import { ReportScreenTexts } from '../texts';

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
        { title: ReportScreenTexts.columns.file, dataIndex: 'file_name', key: 'file', fixed: 'left', render: (name: string) => <span style={{ wordBreak: 'break-word' }}>{name}</span> },
        { title: ReportScreenTexts.columns.type, dataIndex: 'report_type', key: 'type' },
        { title: ReportScreenTexts.columns.date, key: 'date', render: (_, report) => <time dateTime={report.upload_date}>{uploadDate(report.upload_date)}</time> },
        { title: ReportScreenTexts.columns.size, key: 'size', render: (_, report) => formatFileSize(report.file_size) },
        {
          title: ReportScreenTexts.columns.actions,
          key: 'actions',
          render: (_, report) => (
            <Space size="small">
              <Button size="small" onClick={() => onOpen(report)} aria-label={`${ReportScreenTexts.open} ${report.file_name}`}>
                {ReportScreenTexts.open}
              </Button>
              {editable && (
                <Popconfirm
                  title={ReportScreenTexts.deleteTitle}
                  description={ReportScreenTexts.deleteConfirm(report.file_name)}
                  okText={ReportScreenTexts.delete}
                  cancelText={ReportScreenTexts.cancel}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(report)}
                >
                  <Button
                    size="small"
                    danger
                    loading={deletingId === report.id}
                    aria-label={`${ReportScreenTexts.delete} ${report.file_name}`}
                  >
                    {ReportScreenTexts.delete}
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
