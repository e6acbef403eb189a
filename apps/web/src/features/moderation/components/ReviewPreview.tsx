import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ReviewItem } from '@abide/contracts';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
import { problemOf } from '../../../shared/api/problem-details';
import { FileTypeIcon, cardTags, categoryLabel, formatFileSize, humanise, lengthLabel } from '../../library';
import { useResourceFileUrl } from '../hooks/useResourceFileUrl';
import { useModerationApproveMutation, useModerationTextQuery } from '../moderationApi';
import { causeLabel, formatWhen } from '../review-queue';

interface ReviewPreviewProps {
  item: ReviewItem;
  onReject(item: ReviewItem): void;
}

/** One queued resource: what it is, why it is here, its text and (for a PDF) the file itself; approve or reject. */
export function ReviewPreview({ item, onReject }: ReviewPreviewProps) {
  const { notification } = App.useApp();
  const text = useModerationTextQuery(item.id);
  const file = useResourceFileUrl(item.id, item.fileType === 'pdf');
  const [approve, approving] = useModerationApproveMutation();
  const tags = cardTags(item.tags, item.tags.length);
  const length = lengthLabel(item.pages, item.words);

  const onApprove = async () => {
    const result = await approve(item.id);
    if (result.error) {
      notification.error({ title: 'Failed to approve resource', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    notification.success({ title: 'Resource approved', description: 'It is now in the library.' });
  };

  return (
    <Card
      variant="borderless"
      className="review-preview"
      role="region"
      aria-label={`Review ${item.title}`}
      title={
        <div className="review-preview__head">
          <FileTypeIcon type={item.fileType} className="resource-card__icon" />
          <h2 className="card-heading review-preview__title">{item.title}</h2>
        </div>
      }
    >
      <div className="review-preview__cause">
        <Tag color={item.cause === 'reports' ? 'volcano' : 'blue'}>{causeLabel(item)}</Tag>
        <span className="muted">Queued {formatWhen(item.queuedAt)}</span>
      </div>
      {item.cause === 'reports' && item.reports.length > 0 && (
        <section className="review-reports" aria-label="Report reasons">
          <h3 className="review-section__title">What readers reported</h3>
          <ul>
            {item.reports.map((report, i) => (
              <li key={`${report.reportedAt}-${i}`}>
                <q>{report.reason}</q> <span className="muted">{formatWhen(report.reportedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="review-facts">
        <div>
          <dt>Shared by</dt>
          <dd>{item.ownerName ?? 'A member'}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(item.category)}</dd>
        </div>
        <div>
          <dt>Audience</dt>
          <dd>{humanise(item.targetAudience)}</dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>
            {item.fileName} · {formatFileSize(item.fileSize)}
            {length ? ` · ${length}` : ''}
          </dd>
        </div>
      </dl>
      {item.description && <p className="review-preview__description">{item.description}</p>}
      {tags.shown.length > 0 && (
        <div className="resource-card__tags">
          {tags.shown.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
      )}

      <div className="review-preview__actions">
        {item.isOwner ? (
          <Alert type="info" showIcon title="You cannot review your own upload. Another moderator will." />
        ) : (
          <>
            <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={approving.isLoading} onClick={() => void onApprove()}>
              Approve
            </Button>
            <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => onReject(item)}>
              Reject
            </Button>
          </>
        )}
      </div>

      {item.fileType === 'pdf' && (
        <section className="review-section" aria-label="Document preview">
          <h3 className="review-section__title">Document</h3>
          {file.status === 'ready' ? (
            <iframe className="review-pdf" src={file.url} title={`${item.title} (PDF)`} />
          ) : file.status === 'error' ? (
            <Alert type="warning" showIcon title="The file could not be shown here." />
          ) : (
            <Skeleton.Node active className="review-pdf review-pdf--loading" />
          )}
        </section>
      )}
      <section className="review-section" aria-label="Extracted text">
        <h3 className="review-section__title">Text</h3>
        {text.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        ) : text.isError || !text.data ? (
          <Alert type="warning" showIcon title="The text could not be loaded." />
        ) : text.data.text.trim() ? (
          <>
            {/* It scrolls within a fixed height: focusable and named, so a keyboard can reach and scroll it. */}
            <pre className="review-text" tabIndex={0} role="region" aria-label={`Text of ${item.title}`}>
              {text.data.text}
            </pre>
            {text.data.truncated && <p className="muted">The text is cut short here; download the file to read it all.</p>}
          </>
        ) : (
          <p className="muted">No text could be read from this file.</p>
        )}
      </section>
    </Card>
  );
}
