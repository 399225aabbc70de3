import { MAX_REPORT_FILE_NAME_LENGTH, ReportContentType } from '@cqa/contracts';

const DEFAULT_NAMES: Record<ReportContentType, string> = {
  'application/pdf': 'report.pdf',
  'image/jpeg': 'report.jpg',
  'image/png': 'report.png',
};

/**
 * The name to keep for an uploaded file: its last path segment, without control characters, NFC-normalised, at most
 * 255 characters (the extension kept). Only ever stored and shown back; never used to build a path.
 */
export function cleanFileName(raw: string | undefined, contentType: ReportContentType): string {
  // Browsers send '"', CR and LF in a multipart file name as %22, %0D and %0A (HTML form encoding).
  const decoded = (raw ?? '').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
  const base = decoded.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').replace(/\s+/g, ' ').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return DEFAULT_NAMES[contentType];
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_REPORT_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return chars.slice(0, MAX_REPORT_FILE_NAME_LENGTH - keep.length).join('') + keep.join('');
}
