/**
 * The S3 client settings every S3 client of Sobanura uses (the media storage and the tus upload store), from the
 * STORAGE=s3 configuration (docs/decisions/016-object-storage-and-roles.md).
 *
 * Checksums are computed and validated only when an operation requires them (`WHEN_REQUIRED`): since
 * @aws-sdk/client-s3 3.729 the default adds CRC32 checksums to every upload, which S3-compatible servers that
 * predate them (s3rver, older MinIO and Ceph RGW) refuse or store wrongly.
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/** S3ClientConfig for `s3`, plus the bucket. Credentials are left to the SDK's default chain when not given. */
export function s3ClientConfig(s3: S3Config): S3ClientConfig & { bucket: string } {
  return {
    bucket: s3.bucket,
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}
