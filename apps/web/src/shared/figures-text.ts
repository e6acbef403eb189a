// Words for figures that a group leader's dashboard and a pastor's church dashboard both show, in one wording.

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

export const shortDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** '4.5' (one decimal, trailing .0 dropped), or '—' before anyone has rated. */
export function averageRatingText(average: number | null): string {
  if (average === null) return '—';
  return (Math.round(average * 10) / 10).toString();
}

/**
 * How many of a group's or church's members share their progress, and how many do not (sharing is off until a member
 * turns it on, #26): '12 of 40 share their progress; 28 do not'. The one wording of the leaders' and pastors' dashboards.
 */
export function sharingSummary(sharing: number, members: number): string {
  if (members === 0) return 'No members yet';
  const shared = `${sharing} of ${members} ${sharing === 1 ? 'shares' : 'share'} their progress`;
  const notSharing = members - sharing;
  return notSharing === 0 ? shared : `${shared}; ${notSharing} ${notSharing === 1 ? 'does' : 'do'} not`;
}
