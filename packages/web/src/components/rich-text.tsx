import type { CSSProperties } from 'react';

const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

/**
 * Administrator-written text as the site texts are shown: HTML is rendered, plain text keeps its line
 * breaks. Never Markdown.
 */
export function RichText({ content, style, testId }: { content: string; style?: CSSProperties; testId?: string }) {
  if (looksLikeHtml(content)) return <div className="rich-content" style={style} data-testid={testId} dangerouslySetInnerHTML={{ __html: content }} />;
  return (
    <div className="rich-content" style={{ whiteSpace: 'pre-wrap', ...style }} data-testid={testId}>
      {content}
    </div>
  );
}
