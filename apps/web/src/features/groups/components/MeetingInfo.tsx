import { CalendarOutlined, EnvironmentOutlined, LinkOutlined } from '@ant-design/icons';
import type { Meeting } from '@abide/contracts';
import { meetingLink, meetingWhen } from '../group-format';

/** When and where a group meets; nothing at all when no meeting is set. */
export function MeetingInfo({ meeting }: { meeting: Meeting | null }) {
  const when = meetingWhen(meeting);
  const location = meeting?.location ?? null;
  const link = meetingLink(location);
  if (!when && !location) return null;
  return (
    <ul className="meeting-info" aria-label="Meeting">
      {when ? (
        <li>
          <CalendarOutlined aria-hidden /> {when}
        </li>
      ) : null}
      {link ? (
        <li>
          <LinkOutlined aria-hidden />{' '}
          <a href={link} target="_blank" rel="noreferrer noopener">
            Join online
          </a>
        </li>
      ) : location ? (
        <li>
          <EnvironmentOutlined aria-hidden /> {location}
        </li>
      ) : null}
    </ul>
  );
}
