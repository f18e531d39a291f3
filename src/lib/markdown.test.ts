import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('# Title\n\n**bold** `code`')).toContain('<h1>Title</h1>');
    expect(renderMarkdown('**bold**')).toContain('<strong>bold</strong>');
  });

  it('removes scripts and event handlers', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src="x" onerror="alert(1)">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });
});
