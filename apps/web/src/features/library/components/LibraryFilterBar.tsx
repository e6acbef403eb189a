import { ClearOutlined, CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tag } from 'antd';
import { activeFilterBadges, clearFilter, noFilters, topicFilterOptions, typeFilterOptions, type LibraryFilters } from '../resource-format';

interface LibraryFilterBarProps {
  filters: LibraryFilters;
  onChange(filters: LibraryFilters): void;
}

/** The Library's filters: search box, type filter, topic filter, Clear, and the active-filter badges. */
export function LibraryFilterBar({ filters, onChange }: LibraryFilterBarProps) {
  const badges = activeFilterBadges(filters);
  return (
    <section className="library-filters" aria-label="Search and filters">
      <div className="library-filters__controls">
        <Input
          className="library-filters__search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search resources"
          aria-label="Search resources"
          value={filters.q}
          onChange={(event) => onChange({ ...filters, q: event.target.value })}
        />
        <Select
          className="library-filters__select"
          aria-label="Type"
          value={filters.type}
          options={typeFilterOptions}
          onChange={(type) => onChange({ ...filters, type })}
        />
        <Select
          className="library-filters__select"
          aria-label="Topic"
          value={filters.topic}
          options={topicFilterOptions}
          onChange={(topic) => onChange({ ...filters, topic })}
        />
        <Button icon={<ClearOutlined aria-hidden />} onClick={() => onChange(noFilters)} disabled={badges.length === 0}>
          Clear
        </Button>
      </div>
      {badges.length > 0 && (
        <div className="library-filters__badges" aria-label="Active filters">
          {badges.map((badge) => (
            <Tag
              key={badge.key}
              color="cyan"
              closable
              closeIcon={<CloseOutlined aria-label={`Remove filter ${badge.label}`} />}
              onClose={(event) => {
                event.preventDefault();
                onChange(clearFilter(filters, badge.key));
              }}
              className="filter-badge"
            >
              {badge.label}
            </Tag>
          ))}
        </div>
      )}
    </section>
  );
}
