/**
 * Medical reports (spec sections 3, 5, 6, 7 and 9): the report types, upload limits, the file-type check both sides
 * apply, the size display, the response shape and the paths. Texts the spec quotes live in `Messages`, the API's own
 * refusals in `ReportTexts` (both in texts/messages.ts), the screens' own words in the patient remote.
 */

/** The five report types of spec section 3, as stored. */
export const REPORT_TYPES = [
  'Laboratory Reports',
  'Radiology Reports',
  'Pathology Reports',
  'Oncology Reports',
  'Other Medical Report',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * The spec's upload form shows 'Lab Results' as its default, a name that is not one of the five types. We show that
 * label on the 'Laboratory Reports' option (and accept it from older clients), so the default a person sees is the
 * spec's while what is stored is always one of the five.
 */
export const LEGACY_LAB_RESULTS = 'Lab Results';
export const DEFAULT_REPORT_TYPE: ReportType = 'Laboratory Reports';
export const REPORT_TYPE_OPTIONS: ReadonlyArray<{ value: ReportType; label: string }> = REPORT_TYPES.map((value) => ({
  value,
  label: value === DEFAULT_REPORT_TYPE ? LEGACY_LAB_RESULTS : value,
}));

/** One of the five types, 'Lab Results' read as 'Laboratory Reports'; null for anything else. */
export function normalizeReportType(value: unknown): ReportType | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === LEGACY_LAB_RESULTS) return DEFAULT_REPORT_TYPE;
  return (REPORT_TYPES as readonly string[]).includes(trimmed) ? (trimmed as ReportType) : null;
}

/** 15 MB (spec section 9); a file of exactly this many bytes is accepted. */
export const MAX_REPORT_BYTES = 15 * 1024 * 1024;
/** Upload and report requests give up after 60 seconds (spec section 9). */
export const REPORT_TIMEOUT_MS = 60_000;
/** Longest file name kept (longer ones are shortened, keeping the extension). */
export const MAX_REPORT_FILE_NAME_LENGTH = 255;

export const REPORT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number];
/** What the file picker offers (spec: pdf, jpeg, jpg, png). The server judges by content, not by these. */
export const REPORT_FILE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const REPORT_ACCEPT = [...REPORT_FILE_EXTENSIONS, ...REPORT_CONTENT_TYPES].join(',');

/** Bytes needed to tell the allowed types apart. */
export const MAGIC_BYTES_NEEDED = 8;
const SIGNATURES: ReadonlyArray<{ type: ReportContentType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/**
 * The content type a file's first bytes prove (PDF, PNG or JPEG), or null. The name and the declared type are
 * never consulted: a PNG called report.pdf is a PNG, and a script called scan.png is refused.
 */
export function detectReportContentType(head: Uint8Array): ReportContentType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  return null;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec section 9: 1024 steps, units Bytes/KB/MB/GB, two decimals (trailing zeros dropped, as '1.5 KB'). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = parseFloat((bytes / 1024 ** unit).toFixed(2));
  return `${value} ${SIZE_UNITS[unit]}`;
}

/** A medical report as the API returns it. The stored file's location is never exposed. */
export interface MedicalReport {
  id: string;
  /** The name the patient's file had; shown in lists and offered on download. */
  file_name: string;
  report_type: ReportType;
  /** ISO 8601. */
  upload_date: string;
  /** Bytes. */
  file_size: number;
  content_type: ReportContentType;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

/** Multipart field names of POST /api/upload. Text fields must come before the file part. */
export const UploadFields = {
  file: 'file',
  reportType: 'report_type',
  /** Admins only (editing a patient's profile): whose report it is. A patient's upload is always their own. */
  userId: 'user_id',
} as const;

export const ReportPaths = {
  upload: '/api/upload',
  list: '/api/medical-reports',
  one: (id: string) => `/api/medical-reports/${encodeURIComponent(id)}`,
  file: (id: string) => `/api/medical-reports/${encodeURIComponent(id)}/file`,
} as const;

/** GET /api/medical-reports query: whose reports. A patient may leave it out (their own). */
export interface MedicalReportListQuery {
  user_id?: string;
  patient_id?: string;
}

