import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueuedWrite } from './write-queue';

/**
 * What the pages show of the queue: the signed-in member's writes still waiting (the badge counts them, a page
 * marks what they are about "pending"), and the lines about writes that could not be sent, until the member closes
 * them. The writes themselves are kept in IndexedDB (write-queue-store.ts); this is their copy for the screen.
 */
export interface WriteQueueState {
  memberId: string | null;
  pending: QueuedWrite[];
  messages: string[];
}

const initialState: WriteQueueState = { memberId: null, pending: [], messages: [] };

export const writeQueueSlice = createSlice({
  name: 'writeQueue',
  initialState,
  reducers: {
    /** The member's queue as read from the browser's storage (a start, a sign-in, the end of a pass). */
    queueLoaded(state, action: PayloadAction<{ memberId: string; pending: QueuedWrite[] }>) {
      if (state.memberId !== action.payload.memberId) state.messages = [];
      state.memberId = action.payload.memberId;
      state.pending = action.payload.pending;
    },
    writeQueued(state, action: PayloadAction<QueuedWrite>) {
      if (action.payload.memberId === state.memberId) state.pending.push(action.payload);
    },
    /** One write left the queue (sent, or dropped with a message that follows at the end of the pass). */
    writeFinished(state, action: PayloadAction<QueuedWrite>) {
      state.pending = state.pending.filter((write) => write.seq !== action.payload.seq);
    },
    /** A pass ended: these are left, and the messages are what the member should read. */
    syncProgressed(state, action: PayloadAction<{ memberId: string; pending: QueuedWrite[]; messages?: string[] }>) {
      if (action.payload.memberId !== state.memberId) return;
      state.pending = action.payload.pending;
      state.messages.push(...(action.payload.messages ?? []));
    },
    messagesRead(state) {
      state.messages = [];
    },
    /** Signed out: nothing of the member stays on the screen. */
    queueForgotten() {
      return initialState;
    },
  },
  selectors: {
    selectPendingWrites: (state) => state.pending,
    selectPendingCount: (state) => state.pending.length,
    selectQueueMember: (state) => state.memberId,
    selectSyncMessages: (state) => state.messages,
  },
});

export const { queueLoaded, writeQueued, writeFinished, syncProgressed, messagesRead, queueForgotten } = writeQueueSlice.actions;
export const { selectPendingWrites, selectPendingCount, selectQueueMember, selectSyncMessages } = writeQueueSlice.selectors;

/** Whether a write about `subject` (`habit:<id>:<date>`, `journal:<id>`, `activity:<id>`) is waiting. */
export const selectIsPending = (state: { writeQueue: WriteQueueState }, subject: string): boolean =>
  state.writeQueue.pending.some((write) => write.subject === subject);

/** Whether any write whose subject starts with `prefix` (`habit:`: a check-in or a skip) is waiting. */
export const selectIsPendingAbout = (state: { writeQueue: WriteQueueState }, prefix: string): boolean =>
  state.writeQueue.pending.some((write) => write.subject.startsWith(prefix));
