import {
  detectReportContentType, formatFileSize, MAX_REPORT_BYTES, normalizeReportType, REPORT_TYPE_OPTIONS, REPORT_TYPES, ReportPaths,
} from './reports';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [MAX_REPORT_BYTES, '15 MB'],
    [MAX_REPORT_BYTES + 1, '15 MB'],
    [5.678 * 1024 * 1024, '5.68 MB'],
    [1024 ** 3, '1 GB'],
    [3.5 * 1024 ** 4, '3584 GB'],
  ])('%d bytes → %s', (input, expected) => {
    expect(formatFileSize(input)).toBe(expected);
  });

  it('shows nonsense as 0 Bytes', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('detectReportContentType', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(detectReportContentType(ascii('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectReportContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(detectReportContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectReportContentType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
  });

  it('refuses everything else, including near misses and short heads', () => {
    expect(detectReportContentType(ascii('#!/bin/sh\nrm -rf /'))).toBeNull();
    expect(detectReportContentType(ascii('<script>alert(1)</script>'))).toBeNull();
    expect(detectReportContentType(ascii('GIF89a'))).toBeNull();
    expect(detectReportContentType(ascii('%PDF'))).toBeNull();
    expect(detectReportContentType(ascii(' %PDF-1.7'))).toBeNull();
    expect(detectReportContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(detectReportContentType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectReportContentType(bytes())).toBeNull();
  });
});

describe('report types', () => {
  it('offers the five types, the first shown as the spec default Lab Results', () => {
    expect(REPORT_TYPES).toEqual(['Laboratory Reports', 'Radiology Reports', 'Pathology Reports', 'Oncology Reports', 'Other Medical Report']);
    expect(REPORT_TYPE_OPTIONS[0]).toEqual({ value: 'Laboratory Reports', label: 'Lab Results' });
    expect(REPORT_TYPE_OPTIONS.slice(1).every((o) => o.label === o.value)).toBe(true);
  });

  it('reads Lab Results as Laboratory Reports and refuses unknown types', () => {
    expect(normalizeReportType('Lab Results')).toBe('Laboratory Reports');
    expect(normalizeReportType(' Pathology Reports ')).toBe('Pathology Reports');
    expect(normalizeReportType('pathology reports')).toBeNull();
    expect(normalizeReportType('X-rays')).toBeNull();
    expect(normalizeReportType(undefined)).toBeNull();
  });
});

it('encodes ids in paths', () => {
  expect(ReportPaths.one('a/b')).toBe('/api/medical-reports/a%2Fb');
  expect(ReportPaths.file('abc')).toBe('/api/medical-reports/abc/file');
});
