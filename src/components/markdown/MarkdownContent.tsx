/** Markdown shown as sanitised HTML (`@/lib/markdown.ts`), with long content kept inside the page. */
import { useMemo } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import { renderMarkdown } from '@/lib/markdown';

/**
 * Moves every heading of sanitised HTML `by` levels down (at most to h6), so that an author's
 * `# Title` does not compete with the page's own h1. Text cannot contain a raw `<h1`: the
 * renderer escapes it, so only real tags match.
 */
export function shiftHeadings(html: string, by: number): string {
  if (by <= 0) return html;
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/gi,
    (_, slash: string, level: string) => `<${slash}h${Math.min(Number(level) + by, 6)}`,
  );
}

export interface MarkdownContentProps extends Omit<
  BoxProps,
  'children' | 'dangerouslySetInnerHTML'
> {
  text: string;
  /** The highest heading level the text may use (1 to 6); the page's own headings sit above. */
  topHeading?: number;
}

export function MarkdownContent({ text, topHeading = 1, sx, ...props }: MarkdownContentProps) {
  const html = useMemo(
    () => shiftHeadings(renderMarkdown(text), topHeading - 1),
    [text, topHeading],
  );
  return (
    <Box
      className="markdown"
      {...props}
      sx={[
        {
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& img': { maxWidth: '100%' },
          '& pre': { overflowX: 'auto', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' },
          '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
          '& a': { color: 'primary.main' },
          '& blockquote': { m: 0, pl: 2, borderLeft: 4, borderColor: 'divider' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      // sanitised by renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
