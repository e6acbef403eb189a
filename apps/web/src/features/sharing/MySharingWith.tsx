import { Card } from 'antd';
import type { MembershipKind } from './sharing-words';
import { useSharingMineQuery } from './sharingApi';
import { MembershipSharingSwitch } from './MembershipSharingSwitch';

/** The member's own current choice for this group or church, with its switch, on that group's or church's page (#26). */
export function MySharingWith({ kind, id }: { kind: MembershipKind; id: string }) {
  const mine = useSharingMineQuery(undefined, { refetchOnMountOrArgChange: true });
  const membership = (kind === 'group' ? mine.data?.groups : mine.data?.churches)?.find((m) => m.id === id);
  if (!membership) return null;
  return (
    <Card variant="borderless" className="my-sharing" aria-label="Your progress">
      <MembershipSharingSwitch kind={kind} id={membership.id} name={membership.name} shares={membership.shares} />
    </Card>
  );
}
