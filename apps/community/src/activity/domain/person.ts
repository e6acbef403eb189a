/**
 * What community knows of a person, from identity's events. Each field carries the version of the person's identity
 * stream that set it, so an older event arriving late never overwrites a newer value (events of one stream come in
 * order on their partition, but a redelivery can bring an older one again). `deleted` is a tombstone: late events of
 * a deleted account bring nothing back.
 */
export interface Person {
  name: string | null;
  nameVersion: number;
  timeZone: string | null;
  timeZoneVersion: number;
  /**
   * The member's old single choice (identity's setting): no dashboard reads it since each membership carries its own
   * choice (#26); kept for the one-time move onto the memberships (sharing/sharing-move.migration.ts).
   */
  shareProgress: boolean | null;
  shareProgressVersion: number;
  deleted: boolean;
}

export type PersonField = 'name' | 'timeZone' | 'shareProgress';

export const emptyPerson = (): Person => ({
  name: null,
  nameVersion: 0,
  timeZone: null,
  timeZoneVersion: 0,
  shareProgress: null,
  shareProgressVersion: 0,
  deleted: false,
});

/** The person with `field` set by the event at `version`, or null when that version was applied already (or the account is gone). */
export const withPersonField = <F extends PersonField>(current: Person | null, field: F, version: number, value: Person[F]): Person | null => {
  const person = current ?? emptyPerson();
  if (person.deleted || person[`${field}Version`] >= version) return null;
  return { ...person, [field]: value, [`${field}Version`]: version };
};

/** A deleted account's tombstone: no name, no zone, no choice, and nothing set again. */
export const forgottenPerson = (): Person => ({ ...emptyPerson(), deleted: true });

/** Whether the member's old single choice was an explicit yes (only that moves onto their memberships, #26). */
export const sharesProgress = (person: Pick<Person, 'shareProgress'> | null | undefined): boolean => person?.shareProgress === true;
