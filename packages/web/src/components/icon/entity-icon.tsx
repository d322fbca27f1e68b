import { Avatar } from 'antd';
import { iconKindOf, iconLetterOf } from './icon-source';

/** A model's or vendor's icon: the picture at an image address, else a letter avatar (see icon-source.ts). */
export function EntityIcon({ icon, name, size = 28 }: { icon?: string | null; name: string; size?: number }) {
  if (iconKindOf(icon) === 'image') return <Avatar src={icon!.trim()} alt={name} size={size} shape="square" style={{ flex: 'none' }} />;
  return (
    <Avatar size={size} shape="square" style={{ flex: 'none' }} aria-label={name}>
      {iconLetterOf(icon, name)}
    </Avatar>
  );
}
