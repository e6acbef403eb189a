import { AudioOutlined, FileOutlined, FilePdfOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import './resource-look.css';

/** Icons for pdf, docx, txt, mp3 and wav (audio is coming soon, the icons are ready for it). */
const icons: Record<string, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  docx: FileWordOutlined,
  txt: FileTextOutlined,
  mp3: AudioOutlined,
  wav: AudioOutlined,
};

export function FileTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = icons[type] ?? FileOutlined;
  return (
    <span className={`file-type-icon file-type-icon--${type} ${className ?? ''}`} role="img" aria-label={`${type.toUpperCase()} file`}>
      <Icon aria-hidden />
    </span>
  );
}
