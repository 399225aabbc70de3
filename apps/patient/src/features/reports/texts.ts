/** Words of the medical-report screens (ours; the spec's come from Messages, the API's refusals from ReportTexts). */
export const ReportScreenTexts = {
  sectionTitle: 'Medical Reports',
  reportTypeLabel: 'Report type',
  fileLabel: 'Report file',
  chooseFile: 'Choose file',
  allowedHint: 'PDF, JPG, JPEG or PNG, up to 15 MB. One file at a time.',
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadProgress: 'Upload progress',
  open: 'Open',
  delete: 'Delete',
  cancel: 'Cancel',
  deleteTitle: 'Delete report',
  deleteConfirm: (fileName: string) => `Delete "${fileName}"? This cannot be undone.`,
  loading: 'Loading reports...',
  columns: { file: 'File', type: 'Type', date: 'Uploaded', size: 'Size', actions: 'Actions' },
} as const;
