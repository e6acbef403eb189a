import { FolderOpenOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { GuidelinesCard } from '../components/GuidelinesCard';
import { UploadForm } from '../components/UploadForm';
import '../library.css';

/** Upload (issue 5): the form with its drop zone, and the guidelines card. */
export function UploadPage() {
  return (
    <main className="page upload-page">
      <title>Upload · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Upload Resource
          </Typography.Title>
          <p className="page-header__lead">Share a devotional, study or guide that has helped you walk with Jesus.</p>
        </div>
        <div className="page-header__actions">
          <ButtonLink to="/my-uploads" icon={<FolderOpenOutlined aria-hidden />}>
            My uploads
          </ButtonLink>
        </div>
      </header>
      <div className="library-layout">
        <div className="library-layout__main">
          <UploadForm />
        </div>
        <aside className="library-layout__side" aria-label="Upload guidelines">
          <GuidelinesCard />
        </aside>
      </div>
    </main>
  );
}
