import { MAX_REPORT_FILE_NAME_LENGTH, ReportContentType } from '@cqa/contracts';

const EXTENSIONS: Record<ReportContentType, { canonical: string; accepted: readonly string[] }> = {
  'application/pdf': { canonical: '.pdf', accepted: ['.pdf'] },
  'image/jpeg': { canonical: '.jpg', accepted: ['.jpg', '.jpeg'] },
  'image/png': { canonical: '.png', accepted: ['.png'] },
};

/**
 * Controls (C0, C1), line and paragraph separators, and the invisible format characters that reorder or hide text: bidi
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), marks (U+200E, U+200F, U+061C), zero-width characters and
 * the BOM. 'report\u202Efdp.exe' would otherwise read as 'reportexe.pdf'.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/** The extension follows the detected type: a PDF named x.html is kept as x.pdf, so it is never offered as a page. */
function withTypeExtension(name: string, contentType: ReportContentType): string {
  const { canonical, accepted } = EXTENSIONS[contentType];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  if (accepted.includes(extension)) return name;
  const stem = extension && Array.from(extension).length <= 16 ? name.slice(0, dot) : name;
  return `${stem.replace(/[.\s]+$/, '') || 'report'}${canonical}`;
}

/**
 * The name to keep for an uploaded file: its last path segment, without control, bidi and other invisible characters,
 * NFC-normalised, with the extension of its detected type, at most 255 characters (the extension kept). Only ever stored and
 * shown back; never used to build a path.
 */
export function cleanFileName(raw: string | undefined, contentType: ReportContentType): string {
  // Browsers send '"', CR and LF in a multipart file name as %22, %0D and %0A (HTML form encoding).
  const decoded = (raw ?? '').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
  const base = decoded.split(/[\\/]/).pop() ?? '';
  const visible = base.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  if (visible === '' || visible === '.' || visible === '..') return `report${EXTENSIONS[contentType].canonical}`;
  const cleaned = withTypeExtension(visible, contentType);
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_REPORT_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return chars.slice(0, MAX_REPORT_FILE_NAME_LENGTH - keep.length).join('') + keep.join('');
}
