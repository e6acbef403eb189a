import { importRowMessages } from '@abide/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { normalisePhoneNumber } from '../../shared/phone-number';
import type { ImportTable } from './import-file';

/** A church's group a row may name (matched by name, ignoring case and surrounding spaces; private groups too). */
export interface ImportGroup {
  id: string;
  name: string;
}

/** A row as checked: normalised values, and `problem` when it cannot be used (the report says why). */
export interface CheckedRow {
  row: number;
  name: string;
  /** Lower case and trimmed when it is an address; as written otherwise. */
  email: string;
  /** E.164 when valid; as written when not; null when left empty. */
  phone: string | null;
  group: string | null;
  groupId: string | null;
  problem: string | null;
}

/** The same rule as sign-up's (libs/contracts auth.dto): an address a person can receive mail at. */
const emailSchema = z.string().email();
const NAME_MAX = 120;

const groupKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Checks every row of a member list against the rules a person can fix in their file: a name, an e-mail address
 * (once: a later row with the same address is refused, naming the first), a group the church has (one only: a
 * name two of its groups answer to is refused, since the admin must say which), a phone number
 * that is valid (read in the church's country when written without a country code) and kept in E.164. Every problem
 * of a row is told, not only the first. Pure: no database, the church's groups are given.
 */
export const checkRows = (table: ImportTable, context: { groups: readonly ImportGroup[]; phoneRegion: CountryCode }): CheckedRow[] => {
  const groups = new Map<string, ImportGroup[]>();
  for (const g of context.groups) groups.set(groupKey(g.name), [...(groups.get(groupKey(g.name)) ?? []), g]);
  const firstRowOf = new Map<string, number>();
  return table.rows.map(({ row, cells }) => {
    const problems: string[] = [];
    const name = cells.name.replace(/\s+/g, ' ').trim();
    if (!name) problems.push(importRowMessages.nameMissing);
    else if (name.length > NAME_MAX) problems.push(importRowMessages.nameTooLong);

    let email = cells.email.trim();
    if (!email) problems.push(importRowMessages.emailMissing);
    else if (!emailSchema.safeParse(email.toLowerCase()).success) problems.push(importRowMessages.emailInvalid(email));
    else {
      email = email.toLowerCase();
      const first = firstRowOf.get(email);
      if (first !== undefined) problems.push(importRowMessages.duplicate(first));
      else firstRowOf.set(email, row);
    }

    let phone: string | null = cells.phone.trim() || null;
    if (phone) {
      const result = normalisePhoneNumber(phone, context.phoneRegion);
      if (result.ok) phone = result.phoneNumber;
      else problems.push(importRowMessages.phoneInvalid(phone, result.message));
    }

    const groupName = cells.group.trim() || null;
    const named = groupName ? (groups.get(groupKey(groupName)) ?? []) : [];
    const group = named.length === 1 ? named[0] : undefined;
    if (groupName && named.length === 0) problems.push(importRowMessages.groupUnknown(groupName));
    if (groupName && named.length > 1) problems.push(importRowMessages.groupAmbiguous(groupName, named.length));

    return {
      row,
      name,
      email,
      phone,
      group: group?.name ?? groupName,
      groupId: group?.id ?? null,
      problem: problems.length ? problems.join(' ') : null,
    };
  });
};
