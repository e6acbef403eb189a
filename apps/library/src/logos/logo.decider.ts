import type { EventData, EventTypesOf } from '@abide/contracts';
import type { CommandDecider, NewEvent, StoredEvent } from '@abide/event-store';
import type { LogoType } from './logo-file';

/** A church's logo as its stream tells it: the current one, if any. */
export interface LogoState {
  churchId: string;
  logoId: string | null;
  contentType: LogoType | null;
}

const evolveLogo = (s: LogoState, event: StoredEvent): LogoState => {
  switch (event.type) {
    case 'library.logo.replaced':
      return { churchId: event.data.churchId, logoId: event.data.logoId, contentType: event.data.contentType };
    case 'library.logo.removed':
      return { ...s, logoId: null, contentType: null };
    default:
      return s;
  }
};

/** Where a logo's bytes live in the (private) store bucket. */
export const logoKey = (churchId: string, logoId: string) => `logos/${churchId}/${logoId}`;

const ev = <T extends EventTypesOf<'library.logo.'>>(type: T, data: EventData<T>) => ({ type, data, subjectId: null }) as NewEvent;

/** The logo belongs to the church, not to the admin who uploaded it: no subject, it stays when their account goes. */
const decideReplace = (input: { churchId: string; logoId: string; contentType: LogoType; bytes: number; by: string }): NewEvent[] => [
  ev('library.logo.replaced', {
    churchId: input.churchId,
    logoId: input.logoId,
    contentType: input.contentType,
    bytes: input.bytes,
    replacedBy: input.by,
  }),
];

const decideRemove = (s: LogoState, churchId: string, by: string): NewEvent[] =>
  s.logoId ? [ev('library.logo.removed', { churchId, logoId: s.logoId, removedBy: by })] : [];

/** What a church's admins can do with its logo (who is an admin is checked before, by the service). */
export type LogoCommand =
  | { type: 'ReplaceLogo'; churchId: string; logoId: string; contentType: LogoType; bytes: number; by: string }
  | { type: 'RemoveLogo'; churchId: string; by: string };

/** A church's logo, one `logo-<churchId>` stream per church: replacing always records, removing what is none does nothing. */
export const logoDecider: CommandDecider<LogoCommand, LogoState> = {
  name: 'church-logo',
  initialState: () => ({ churchId: '', logoId: null, contentType: null }),
  evolve: evolveLogo,
  decide: (command, state) => (command.type === 'ReplaceLogo' ? decideReplace(command) : decideRemove(state, command.churchId, command.by)),
};
