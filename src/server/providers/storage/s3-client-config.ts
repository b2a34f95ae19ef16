/**
 * The S3 client settings every S3 client of Sobanura uses (the media storage and the tus upload store), from the
 * STORAGE=s3 configuration (docs/decisions/016-object-storage-and-roles.md).
 *
 * Checksums are computed and validated only when an operation requires them (`WHEN_REQUIRED`). Since
 * @aws-sdk/client-s3 3.729 the default (`WHEN_SUPPORTED`) adds a CRC32 checksum header to every PutObject and
 * UploadPart and, for bodies of unknown length, `aws-chunked` encoding with a trailing checksum; Cloudflare R2
 * answered those uploads `501 NotImplemented: Header 'x-amz-checksum-crc32'`, and servers that do not decode
 * `aws-chunked` (older MinIO and Ceph, some gateways) reject them or store the chunk framing as object bytes
 * (https://github.com/aws/aws-sdk-js-v3/issues/6810,
 * https://docs.aws.amazon.com/sdkref/latest/guide/feature-dataintegrity.html). Integrity stays covered by TLS,
 * Content-Length and SigV4. DeleteObjects still sends a CRC32 header (the operation requires a checksum).
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
