import { cn } from '../components/ui';

/*
 * A contract's document as HTML in a readable, scrollable article: the signing page's (the
 * server's markdown-it rendering, raw HTML disabled), the template editor's preview and a
 * draft's body use the same look.
 */

const documentClass = cn(
  'overflow-auto rounded-md border border-border bg-card p-4 leading-relaxed break-words',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  '[&_h1]:mt-0 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h3]:text-lg',
  '[&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3',
  '[&_hr]:my-4 [&_hr]:border-border [&_code]:break-all',
  '[&_table]:my-2 [&_td]:border [&_td]:border-border [&_td]:p-1 [&_th]:border [&_th]:border-border [&_th]:p-1',
);

/**
 * `html` must come from markdown-it with `html: false` (the server's `document_html`, or the
 * app's own rendering): it holds no markup of people's own. The article scrolls on its own
 * (`scroll`), so it is a tab stop for the keyboard.
 */
export function DocumentArticle({
  html,
  label,
  scroll = true,
  className,
}: {
  html: string;
  label: string;
  scroll?: boolean;
  className?: string;
}) {
  return (
    <article
      aria-label={label}
      tabIndex={scroll ? 0 : undefined}
      className={cn(documentClass, scroll && 'max-h-[70dvh]', className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
