import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../../../config/app-config';
import { LocalReportStorage } from './local-report-storage';
import { createReportStorage } from './report-storage.provider';
import { S3ReportStorage } from './s3-report-storage';

describe('report storage configuration', () => {
  it('defaults to the local folder var/uploads at the repository root', () => {
    const { reports } = loadConfig({});
    expect(reports).toEqual({ driver: 'local', dir: path.join(REPO_ROOT, 'var/uploads') });
    expect(createReportStorage(reports)).toBeInstanceOf(LocalReportStorage);
  });

  it('refuses a local folder inside the served web folder', () => {
    expect(() => loadConfig({ REPORTS_DIR: 'dist/web/uploads' })).toThrow(/REPORTS_DIR must not be inside WEB_DIST_DIR/);
    expect(() => loadConfig({ WEB_DIST_DIR: '/srv/web', REPORTS_DIR: '/srv/web' })).toThrow(/REPORTS_DIR must not be inside WEB_DIST_DIR/);
    expect(loadConfig({ WEB_DIST_DIR: '/srv/web', REPORTS_DIR: '/srv/web-uploads' }).reports).toEqual({ driver: 'local', dir: '/srv/web-uploads' });
  });

  it('selects S3 with its bucket, endpoint, path style and keys', () => {
    const { reports } = loadConfig({
      REPORTS_STORAGE: 's3', REPORTS_S3_BUCKET: 'cqa-reports', REPORTS_S3_ENDPOINT: 'http://minio:9000', REPORTS_S3_FORCE_PATH_STYLE: 'true',
      REPORTS_S3_ACCESS_KEY_ID: 'AKIA', REPORTS_S3_SECRET_ACCESS_KEY: 'secret', REPORTS_S3_REGION: 'eu-west-1',
    });
    expect(reports).toEqual({
      driver: 's3',
      s3: { bucket: 'cqa-reports', region: 'eu-west-1', endpoint: 'http://minio:9000', forcePathStyle: true, credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' } },
    });
    expect(createReportStorage(reports)).toBeInstanceOf(S3ReportStorage);
    expect(loadConfig({ REPORTS_STORAGE: 's3', REPORTS_S3_BUCKET: 'cqa-reports' }).reports).toMatchObject({ s3: { endpoint: null, credentials: null, forcePathStyle: false } });
  });

  it('lists every S3 problem at once', () => {
    let message = '';
    try {
      loadConfig({ REPORTS_STORAGE: 's3', REPORTS_S3_ENDPOINT: 'ftp://x', REPORTS_S3_FORCE_PATH_STYLE: 'yes', REPORTS_S3_ACCESS_KEY_ID: 'only-one' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('REPORTS_S3_BUCKET must name a bucket');
    expect(message).toContain('REPORTS_S3_ENDPOINT must be a http:// or https:// URL');
    expect(message).toContain('REPORTS_S3_FORCE_PATH_STYLE must be one of true, false');
    expect(message).toContain('must be set together');
    expect(() => loadConfig({ REPORTS_STORAGE: 'disk' })).toThrow(/REPORTS_STORAGE must be one of local, s3/);
  });
});
