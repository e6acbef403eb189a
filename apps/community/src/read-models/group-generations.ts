import { afterProjections } from '@abide/event-store';
import { isDuplicateKeyError } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * One document per group (`group_reads`, `_id` = the group): `gen`, a counter that every writer of something a group's
 * card or dashboard is computed from moves on after its write, and the kept card and dashboard themselves (their
 * fields are GroupCardCache's). A kept answer carries the `gen` it was read under and is served only while `gen` is
 * still that: see GroupCardCache for why that is never stale, with any number of replicas.
 */
export interface GroupReadsRow {
  _id: string;
  gen?: number;
  card?: string;
  dashboard?: string;
}

const modelName = 'GroupReads';

/** The `group_reads` collection, one model per connection. */
export const groupReadsModel = (connection: Connection): Model<GroupReadsRow> =>
  (connection.models[modelName] as Model<GroupReadsRow> | undefined) ??
  connection.model<GroupReadsRow>(
    modelName,
    new Schema<GroupReadsRow>(
      { _id: { type: String, required: true }, gen: { type: Number }, card: { type: String }, dashboard: { type: String } },
      { collection: 'group_reads', versionKey: false },
    ),
  );

/**
 * Tells the kept answers of these groups that what they were computed from changed: moves each one's `gen` on and
 * drops the answers it made stale (nothing of them, a deleted member's name included, stays behind). Inside a
 * projection runner's apply, a group's move waits for every projection of the event (`afterProjections`): one move. Each document's
 * update is atomic on MongoDB and on the patched local engine, so concurrent writers all count. Call it after the
 * write it is about, never before (a read between the two would keep the old value under the new gen).
 *
 * One group: one update by `_id` (an upsert for a group not read yet). Several (a member's groups after their fact):
 * one `updateMany` on their ids, one round trip however many groups (by the `_id` index, on MongoDB and on the patched
 * local engine, which holds `group_reads`' collection lock for such a write). Every group a member is in has its row from
 * the join's own move of `gen` (MemberGroupsProjection), so it matches them all; when it matched fewer (rows dropped),
 * each is upserted by `_id` as for one: moving a `gen` twice only makes an answer stale that already was.
 */
export const groupInputsChanged = async (connection: Connection, groupIds: Iterable<string>): Promise<void> => {
  const ids = [...new Set(groupIds)];
  // A join is taken by the group, its roster and the member's groups: inside their apply, one move after all three.
  if (ids.length === 1) return afterProjections(`group_reads:${ids[0]}`, () => moveGens(connection, ids));
  return moveGens(connection, ids);
};

const moveGens = async (connection: Connection, ids: readonly string[]): Promise<void> => {
  const model = groupReadsModel(connection);
  const change = { $inc: { gen: 1 }, $unset: { card: '', dashboard: '' } };
  if (ids.length > 1 && (await model.updateMany({ _id: { $in: ids } }, change)).matchedCount === ids.length) return;
  const bump = (_id: string) => model.updateOne({ _id }, change, { upsert: true });
  await Promise.all(
    ids.map(async (_id) => {
      try {
        await bump(_id);
      } catch (error) {
        // Two first upserts of one group: the one that lost to the other's insert finds the document now.
        if (!isDuplicateKeyError(error)) throw error;
        await bump(_id);
      }
    }),
  );
};
