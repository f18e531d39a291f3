/**
 * Markdown to safe HTML (GitHub-flavoured, sanitised with DOMPurify): challenge texts, game
 * descriptions, posts. Only what calls it loads it.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html);
}
