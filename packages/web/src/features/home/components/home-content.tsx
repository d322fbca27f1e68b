import { Card } from 'antd';

const isEmbeddableUrl = (text: string) => /^https?:\/\/\S+$/.test(text.trim());

/**
 * HomePageContent: a link is embedded as a page; anything else is administrator-written HTML
 * (the option is edited only by the super administrator, as in new-api).
 */
export function HomeContent({ content }: { content: string }) {
  if (isEmbeddableUrl(content)) {
    return <iframe src={content.trim()} title="home" style={{ width: '100%', height: '80vh', border: 'none' }} />;
  }
  return (
    <Card>
      <div className="rich-content" data-testid="home-content" dangerouslySetInnerHTML={{ __html: content }} />
    </Card>
  );
}
