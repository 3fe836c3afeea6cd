'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, cn } from '../components/ui';

type Image = { id: string; url: string; caption: string | null };

/**
 * A listing's photos: one large, arrows and a swipe to the others, thumbnails to jump to one.
 * The large photo's text alternative is its caption, else "Photo n of m of <title>".
 */
export function Gallery({ images, title }: { images: Image[]; title: string }) {
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  if (images.length === 0) return null;
  const current = images[Math.min(index, images.length - 1)]!;
  const count = images.length;
  const show = (next: number) => setIndex((next + count) % count);
  return (
    <section aria-label="Photos" className="mb-4">
      <div
        className="relative aspect-[4/3] overflow-hidden rounded-lg bg-border"
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const end = event.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          show(index + (end < start ? 1 : -1));
        }}
      >
        <img
          src={current.url}
          alt={current.caption ?? `Photo ${index + 1} of ${count} of ${title}`}
          className="size-full object-contain"
        />
        {count > 1 && (
          <>
            <Button
              variant="outline"
              size="icon"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90"
              aria-label="Previous photo"
              onClick={() => show(index - 1)}
            >
              <ChevronLeft aria-hidden className="size-5" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90"
              aria-label="Next photo"
              onClick={() => show(index + 1)}
            >
              <ChevronRight aria-hidden className="size-5" />
            </Button>
            <p
              className="absolute right-2 bottom-2 m-0 rounded bg-card px-2 py-0.5 text-sm"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {current.caption && <p className="text-muted-foreground">{current.caption}</p>}
      {count > 1 && (
        <ul className="m-0 mt-2 flex list-none flex-wrap gap-2 p-0" aria-label="Thumbnails">
          {images.map((image, n) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${n + 1}`}
                aria-current={n === index ? 'true' : undefined}
                onClick={() => setIndex(n)}
                className={cn(
                  'block size-16 cursor-pointer overflow-hidden rounded-md border-2 bg-transparent p-0',
                  n === index ? 'border-primary' : 'border-transparent',
                )}
              >
                <img src={image.url} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
