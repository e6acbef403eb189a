import type { ImportedAs } from './import-records';

/** What other identity features may use of member imports (docs/structure.md, "Ports"): a member's invitations, for their export and deletion. */
export type { ImportedAs };

export abstract class ImportedAddresses {
  /** Every import row and invitation naming this address, for the member's own export. */
  abstract importedAs(email: string): Promise<ImportedAs[]>;
  /** Forgets an address (its owner deleted their account): its invitations and claims go, report rows keep only their outcome. */
  abstract forgetAddress(email: string): Promise<number>;
}
