import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config/config.js';
import { FileStorage, type StoredFile } from './base.js';

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');

/**
 * An S3-compatible bucket: AWS, MinIO, Ceph, Garage, Hetzner, Scaleway … Files still reach
 * browsers through the media route with its signed URL and headers (ADR 005), so the bucket
 * stays private and needs no CORS or public access.
 */
export class S3Storage extends FileStorage {
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    super();
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // The SDK's default CRC checksums are not understood by every S3-compatible server;
      // the bodies are buffers with a Content-MD5-free SigV4 payload hash either way.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(key: string) {
    return `${this.s.prefix}${key}`;
  }

  protected async writeKey(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.s.bucket, Key: this.key(key), Body: data, ContentLength: data.length }),
    );
  }

  protected async openKey(key: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.key(key) }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 lieferte keinen Datenstrom');
      return { stream: res.Body, size: Number(res.ContentLength) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  protected async sizeOf(key: string): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: this.key(key) }));
      return Number(res.ContentLength);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  protected async removeKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.key(key) }));
  }

  /** The bucket answers and these credentials may use it. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.s.bucket }));
  }

  override async close(): Promise<void> {
    this.client.destroy();
  }
}
