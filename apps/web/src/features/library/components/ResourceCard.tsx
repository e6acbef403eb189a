import { DownloadOutlined, FlagOutlined } from '@ant-design/icons';
import type { Resource } from '@abide/contracts';
import { Button, Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { cardTags, categoryLabel, downloadsLabel, formatFileSize, lengthLabel } from '../resource-format';
import { FileTypeIcon } from '../FileTypeIcon';

interface ResourceCardProps {
  resource: Resource;
  onDownload?(resource: Resource): void;
  downloading?: boolean;
  onReport?(resource: Resource): void;
  /** Extra content under the facts (My uploads: status and actions). */
  children?: ReactNode;
  headingLevel?: 2 | 3;
  /** 'Shared by'; My uploads leaves it out (it is always you). */
  showOwner?: boolean;
}

/** A resource card: title, description, up to 3 tags then '+N more', category, size, type icon. */
export function ResourceCard({
  resource,
  onDownload,
  downloading,
  onReport,
  children,
  headingLevel = 2,
  showOwner = true,
}: ResourceCardProps) {
  const tags = cardTags(resource.tags);
  const length = lengthLabel(resource.pages, resource.words);
  const Heading = `h${headingLevel}` as const;

  return (
    <Card variant="borderless" className="resource-card" role="article" aria-label={resource.title}>
      <div className="resource-card__head">
        <FileTypeIcon type={resource.fileType} className="resource-card__icon" />
        <div className="resource-card__titles">
          <Heading className="resource-card__title">{resource.title}</Heading>
          <span className="resource-card__category">{categoryLabel(resource.category)}</span>
        </div>
      </div>
      {resource.description && <p className="resource-card__description">{resource.description}</p>}
      {resource.tags.length > 0 && (
        <div className="resource-card__tags" aria-label="Tags">
          {tags.shown.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
          {tags.more && <span className="resource-card__more">{tags.more}</span>}
        </div>
      )}
      <dl className="resource-card__facts">
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(resource.fileSize)}</dd>
        </div>
        {length && (
          <div>
            <dt>Length</dt>
            <dd>{length}</dd>
          </div>
        )}
        <div>
          <dt className="visually-hidden">Downloads</dt>
          <dd>{downloadsLabel(resource.downloads)}</dd>
        </div>
        {showOwner && resource.ownerName && (
          <div>
            <dt>Shared by</dt>
            <dd>{resource.isOwner ? 'You' : resource.ownerName}</dd>
          </div>
        )}
        {resource.groupName && (
          <div>
            <dt>Group</dt>
            <dd>{resource.groupName}</dd>
          </div>
        )}
      </dl>
      {children}
      {(onDownload || onReport) && (
        <div className="resource-card__actions">
          {onDownload && (
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              onClick={() => onDownload(resource)}
              aria-label={`Download ${resource.title}`}
            >
              Download
            </Button>
          )}
          {onReport && !resource.isOwner && (
            <Button type="text" icon={<FlagOutlined aria-hidden />} onClick={() => onReport(resource)}>
              Report
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
