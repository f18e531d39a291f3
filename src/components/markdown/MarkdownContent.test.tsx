import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MarkdownContent, shiftHeadings } from './MarkdownContent';

describe('shiftHeadings', () => {
  it('moves headings down, never past h6, and leaves other tags alone', () => {
    expect(shiftHeadings('<h1 id="a">A</h1><h6>B</h6><hr><header>', 2)).toBe(
      '<h3 id="a">A</h3><h6>B</h6><hr><header>',
    );
    expect(shiftHeadings('<h1>A</h1>', 0)).toBe('<h1>A</h1>');
  });
});

describe('MarkdownContent', () => {
  it('renders sanitised Markdown below the page heading', () => {
    const { container } = render(
      <MarkdownContent text={'# Title\n\n&lt;h1&gt; <b onclick="x()">bold</b>'} topHeading={2} />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Title');
    expect(screen.getByText('bold').getAttribute('onclick')).toBeNull();
    expect(container.textContent).toContain('<h1>');
  });
});
