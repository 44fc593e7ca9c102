import path from 'node:path';
import type { AppConfig, Storage } from '../http/request-context';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/** The storage the configuration names: DATA_DIR/files, or a bucket every machine shares. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): Storage {
  const settings = config.storage;
  if (settings.kind === 's3') return new S3Storage(settings);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
