import type { AppendMeta } from '@abide/event-store';
import type { PrayerView } from './projections/prayer.projection';

/** What other community features may use of prayer requests (docs/structure.md, "Ports"): account deletion and "Download my data". */
export type { PrayerView };

/** The prayer requests a member wrote. */
export abstract class PrayersByAuthor {
  abstract byAuthor(userId: string): Promise<PrayerView[]>;
}

/** The author's words: opened for their export, forgotten with their account. */
export abstract class PrayerWords {
  /** A listed request's words opened; null once its author erased their account. */
  abstract openRequest(view: {
    _id: string;
    authorId: string;
    sealedText: string | null;
    sealedTestimony: string | null;
  }): Promise<{ text: string; testimony: string | null } | null>;
  /** Account erasure: the author's data key is destroyed, so no sealed copy of their words can be opened again. */
  abstract forget(authorId: string): Promise<void>;
}

/** Account deletion: the author's requests leave their group. */
export abstract class PrayerErasure {
  abstract removeByAuthorDeletion(prayerId: string, authorId: string, meta: AppendMeta): Promise<void>;
}
