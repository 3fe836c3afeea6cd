import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '@/db/client';
import { media, mediaBlobs } from '@/db/schema';

/** A small JPEG that carries EXIF (camera and GPS) and an orientation of 6 (turned 90°). */
export async function jpegWithExif(width = 40, height = 20): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Field 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer() as Promise<Buffer<ArrayBuffer>>;
}

export async function png(width = 8, height = 8): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width, height, channels: 4, background: '#336699' } })
    .png()
    .toBuffer() as Promise<Buffer<ArrayBuffer>>;
}

/** A one-page PDF, as small as a valid one gets. */
export function pdf(padding = 0): Buffer<ArrayBuffer> {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n%${'x'.repeat(padding)}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A PNG file stored directly (no upload), for the suites' seeded organizations. */
export async function storedPng(db: Database, organizationId: string, filename: string) {
  const bytes = await png();
  const [row] = await db
    .insert(media)
    .values({
      organizationId,
      contentType: 'image/png',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      store: 'database',
      storageKey: `${organizationId}/${filename}`,
      filename,
    })
    .returning();
  await db.insert(mediaBlobs).values({ mediaId: row!.id, bytes });
  return row!;
}
