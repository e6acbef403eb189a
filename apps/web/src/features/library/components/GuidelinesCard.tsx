import { MAX_UPLOAD_BYTES } from '@abide/contracts';
import { Card, Tag } from 'antd';
import { FileTypeIcon } from '../FileTypeIcon';

const megabytes = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The guidelines card: PDF, DOCX and TXT, MP3 'coming soon', and the 10MB maximum. */
export function GuidelinesCard() {
  return (
    <Card variant="borderless" className="side-card" title={<h2 className="card-heading">Upload guidelines</h2>}>
      <ul className="guidelines">
        <li>
          <FileTypeIcon type="pdf" /> PDF documents
        </li>
        <li>
          <FileTypeIcon type="docx" /> Word documents (DOCX)
        </li>
        <li>
          <FileTypeIcon type="txt" /> Plain text (TXT)
        </li>
        <li className="guidelines__soon">
          <FileTypeIcon type="mp3" /> MP3 audio <Tag>coming soon</Tag>
        </li>
      </ul>
      <p className="guidelines__limit">
        <strong>{megabytes}MB maximum</strong> per file, one file at a time.
      </p>
      <p className="muted">
        Public resources are reviewed by a moderator before they appear in the library. Share only what you have the right to share and what
        helps others grow in Christ.
      </p>
    </Card>
  );
}
