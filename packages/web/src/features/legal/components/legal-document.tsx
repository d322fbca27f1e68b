import { Card, Typography } from 'antd';

const isUrl = (text: string) => /^https?:\/\/\S+$/.test(text.trim());
const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

/**
 * A legal document as the site texts are shown (HomePageContent): a link is offered and embedded as a page;
 * anything else is administrator-written HTML, plain text keeping its line breaks.
 */
export function LegalDocument({ title, content }: { title: string; content: string }) {
  if (isUrl(content)) {
    const url = content.trim();
    return (
      <Card title={title} data-testid="legal-document">
        <Typography.Paragraph>
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </Typography.Link>
        </Typography.Paragraph>
        <iframe src={url} title={title} style={{ width: '100%', height: '75vh', border: 'none' }} />
      </Card>
    );
  }
  return (
    <Card title={title}>
      {looksLikeHtml(content) ? (
        <div className="rich-content" data-testid="legal-document" dangerouslySetInnerHTML={{ __html: content }} />
      ) : (
        <div className="rich-content" data-testid="legal-document" style={{ whiteSpace: 'pre-wrap' }}>
          {content}
        </div>
      )}
    </Card>
  );
}
