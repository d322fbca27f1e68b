import { Input } from 'antd';

/** A list's search box, labelled by its placeholder: hands over the trimmed keyword on Enter, the button or clearing. */
export function KeywordSearch({ label, onSearch, width = 260 }: { label: string; onSearch: (keyword: string) => void; width?: number }) {
  return <Input.Search allowClear placeholder={label} aria-label={label} onSearch={(value) => onSearch(value.trim())} style={{ width }} />;
}
