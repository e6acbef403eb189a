import type { Connection } from 'mongoose';

/**
 * Runs a one-time data step (a read model filled from the collections it replaces) unless the marker named `name` in
 * the `markers` collection says it ran. The marker is written only after the step completes, so a run cut short runs
 * again at the next start: steps must be safe to repeat. One keyed read on every later start. True when it ran.
 */
export async function runOnceBehindMarker(
  connection: Connection,
  markers: string,
  name: string,
  step: () => Promise<void>,
): Promise<boolean> {
  const collection = connection.collection<{ _id: string; at: Date }>(markers);
  if (await collection.findOne({ _id: name })) return false;
  await step();
  await collection.updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true });
  return true;
}

/**
 * A one-time step that older instances may give more work to while a release rolls out (events they still write the
 * old way): it runs at every start until a run finds nothing left to do, then the marker named `name` says it is done.
 * `step` returns how much it did. Returns that, or null when the marker was already there.
 */
export async function runUntilNothingLeft(
  connection: Connection,
  markers: string,
  name: string,
  step: () => Promise<number>,
): Promise<number | null> {
  const collection = connection.collection<{ _id: string; at: Date }>(markers);
  if (await collection.findOne({ _id: name })) return null;
  const done = await step();
  if (done === 0) await collection.updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true });
  return done;
}
