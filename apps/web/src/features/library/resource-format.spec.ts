import { LIBRARY_PAGE_SIZE, MAX_UPLOAD_BYTES } from '@abide/contracts';
import {
  activeFilterBadges,
  cardTags,
  clearFilter,
  filterParams,
  formatFileSize,
  lengthLabel,
  noFilters,
  resourcesFound,
  showLoadMore,
  topicFilterOptions,
  typeFilterOptions,
} from './resource-format';

describe(formatFileSize.name, () => {
  it('returns Bytes, KB, MB or GB with up to two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
  });

  it('stays in GB above a terabyte instead of inventing a unit', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
  });
});

describe(cardTags.name, () => {
  it('returns every tag when there are 3 or fewer', () => {
    expect(cardTags(['prayer', 'hope'])).toEqual({ shown: ['prayer', 'hope'], more: null });
    expect(cardTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
  });

  it("returns the first 3 and '+N more' for the rest", () => {
    expect(cardTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
  });
});

describe(filterParams.name, () => {
  it("sends nothing for 'all' or an empty search (no filter)", () => {
    expect(filterParams(noFilters)).toEqual({});
    expect(filterParams({ q: '   ', type: 'all', topic: 'all' })).toEqual({});
  });

  it('sends the trimmed search, the type as category and the topic', () => {
    expect(filterParams({ q: ' grace ', type: 'study', topic: 'prayer' })).toEqual({ q: 'grace', category: 'study', topic: 'prayer' });
  });
});

describe(activeFilterBadges.name, () => {
  it('returns no badge when nothing is filtered', () => {
    expect(activeFilterBadges(noFilters)).toEqual([]);
  });

  it('returns one badge per active filter, in the order of the controls, with readable labels', () => {
    expect(activeFilterBadges({ q: 'psalm', type: 'study', topic: 'bible-study' }).map((b) => b.label)).toEqual([
      'Search: “psalm”',
      'Type: Bible Study',
      'Topic: Bible Study',
    ]);
  });

  it('returns filters without the one whose badge was closed', () => {
    const sut = clearFilter({ q: 'psalm', type: 'study', topic: 'prayer' }, 'type');
    expect(sut).toEqual({ q: 'psalm', type: 'all', topic: 'prayer' });
  });
});

describe('filter options', () => {
  it("label 'all' as a whole and the rest by the catalogue", () => {
    expect(typeFilterOptions[0]).toEqual({ value: 'all', label: 'All types' });
    expect(typeFilterOptions.find((o) => o.value === 'guide')?.label).toBe('Growth Guide');
    expect(topicFilterOptions.find((o) => o.value === 'spiritual-growth')?.label).toBe('Spiritual Growth');
  });
});

describe(resourcesFound.name, () => {
  it("returns '{n} resource(s) found'", () => {
    expect(resourcesFound(13)).toBe('13 resource(s) found');
    expect(resourcesFound(0)).toBe('0 resource(s) found');
  });
});

describe(showLoadMore.name, () => {
  it('returns true once a full page is shown and the server has more', () => {
    expect(showLoadMore(LIBRARY_PAGE_SIZE, true, LIBRARY_PAGE_SIZE)).toBe(true);
    expect(showLoadMore(24, true, LIBRARY_PAGE_SIZE)).toBe(true);
  });

  it('returns false when fewer than 12 are shown or nothing more exists', () => {
    expect(showLoadMore(11, true, LIBRARY_PAGE_SIZE)).toBe(false);
    expect(showLoadMore(12, false, LIBRARY_PAGE_SIZE)).toBe(false);
  });
});

describe(lengthLabel.name, () => {
  it('returns pages and words that were counted, singular when one', () => {
    expect(lengthLabel(1, 3400)).toBe('1 page · 3,400 words');
    expect(lengthLabel(null, 1)).toBe('1 word');
    expect(lengthLabel(null, null)).toBeNull();
  });
});
